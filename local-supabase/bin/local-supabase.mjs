#!/usr/bin/env node
// Runs the TypeScript service directly: @swc-node/register compiles it on load, as CommonJS.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
process.env.SWC_NODE_PROJECT ??= path.join(here, '..', 'tsconfig.runtime.json');
const require = createRequire(import.meta.url);
require('@swc-node/register');
require('../src/cli.ts');
