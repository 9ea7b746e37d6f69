#!/usr/bin/env node
// `npm run routes -w local-supabase`: writes the route table of src/routes.ts into the README's "What it serves".
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
process.env.SWC_NODE_PROJECT ??= path.join(here, '..', 'tsconfig.runtime.json');
const require = createRequire(import.meta.url);
require('@swc-node/register');
require('../src/routes-readme.ts');
