// Which engines a backend suite runs on (harness.ts's ON_BOTH_ENGINES, docs/testing.md): every suite on
// PostgreSQL, the listed ones on PGlite too. No backend is started here.
import fs from 'node:fs';
import path from 'node:path';
import { KINDS, kindsFor, ON_BOTH_ENGINES } from './harness';

it('names only suites that exist, so a misspelt name cannot quietly take a suite off PGlite', () => {
  const suites = fs.readdirSync(__dirname).filter((file) => file.endsWith('.test.ts'));
  expect(ON_BOTH_ENGINES.filter((file) => !suites.includes(file))).toEqual([]);
});

it('runs a listed suite on both engines and any other on PostgreSQL, unless every engine is asked for', () => {
  expect(kindsFor(path.join(__dirname, 'data.test.ts'))).toEqual(['pglite', 'postgres']);
  expect(kindsFor(path.join(__dirname, 'rest-core.test.ts'))).toEqual(['postgres']);
  // The suite's own KINDS come from its path (this file is not listed).
  expect(KINDS).toEqual(['postgres']);
  const before = process.env.LOCAL_SUPABASE_ALL_ENGINES;
  process.env.LOCAL_SUPABASE_ALL_ENGINES = '1';
  try {
    expect(kindsFor(path.join(__dirname, 'rest-core.test.ts'))).toEqual(['pglite', 'postgres']);
  } finally {
    if (before === undefined) delete process.env.LOCAL_SUPABASE_ALL_ENGINES;
    else process.env.LOCAL_SUPABASE_ALL_ENGINES = before;
  }
});
