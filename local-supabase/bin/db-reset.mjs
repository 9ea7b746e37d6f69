#!/usr/bin/env node
// `npm run db:reset`: empties local-supabase's PGlite data folder (DATA_DIR), the one deliberate way to start
// from a new database. Runs the TypeScript directly, as bin/local-supabase.mjs does.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
process.env.SWC_NODE_PROJECT ??= path.join(here, '..', 'tsconfig.runtime.json');
const require = createRequire(import.meta.url);
require('@swc-node/register');
require('../src/db-reset.ts');
