#!/usr/bin/env node
// `npm run bench:phases -w local-supabase`: a profile, not a test. Where the time of one refused 30,000-item
// quote_cart goes (issue #30, item 5: refused in under 10 ms), phase by phase, on PGlite and on PostgreSQL: the
// body read from the socket, its JSON parse, the SQL built around it, PostgreSQL reading the value (as text, as
// json, as the function's jsonb argument), the function's refusal, and the whole request through the API. Each
// phase is the median of BENCH_RUNS (default 20) runs after 3 warm-up runs; BENCH_STORES=pglite,postgres picks
// the engines. It prints a table and writes nothing. Like bench/run.mjs, it means little on a busy machine: the
// machine's load at the start and at the end is printed with it.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeMachine, sampleMachine } from '../../scripts/lib/machine-load.mjs';
import { commandLine, HOSTILE_CART, runDatabase } from './common.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
process.env.SWC_NODE_PROJECT ??= path.join(here, '..', 'tsconfig.runtime.json');
require('@swc-node/register');
const { startLocalSupabase } = require('../src/server.ts');
const { loadConfig } = require('../src/config/env.ts');
const { SUPABASE_DIR } = require('../src/db/migrate.ts');
const { jsonBodyParser } = require('../src/json-body.ts');
const { inlineParams } = require('../src/db/literals.ts');
const { runAsRole } = require('../src/rest/transaction.ts');

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const STORES = process.env.BENCH_STORES ? process.env.BENCH_STORES.split(',') : ['pglite', 'postgres'];

/** The median of `task`'s duration in ms over RUNS runs, after 3 warm-up runs. */
async function median(task) {
  for (let i = 0; i < 3; i += 1) await task();
  const times = [];
  for (let i = 0; i < RUNS; i += 1) {
    const t0 = performance.now();
    await task();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

/** Resolves when `promise` rejects with quote_cart's refusal (22023): the phases that end in it. */
const refusal = (promise) =>
  promise.then(
    () => {
      throw new Error('expected 22023, the call succeeded');
    },
    (error) => {
      if (error.code !== '22023') throw error;
    },
  );

const post = (url, headers, body) =>
  new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', reject);
    req.end(body);
  });

/** The body's read from a socket, as the API's parser reads it (text), timed by the receiving server. */
async function bodyRead() {
  let resolveRead;
  const server = http.createServer((req, res) => {
    const t0 = performance.now();
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      resolveRead(performance.now() - t0 + (text.length === HOSTILE_CART.length ? 0 : NaN));
      res.end();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}/`;
  const read = () =>
    new Promise((resolve) => {
      resolveRead = resolve;
      post(url, { 'Content-Type': 'application/json' }, HOSTILE_CART);
    });
  for (let i = 0; i < 3; i += 1) await read();
  const times = [];
  for (let i = 0; i < RUNS; i += 1) times.push(await read());
  server.close();
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

/** The phases in JavaScript, the same on both engines. */
async function apiPhases() {
  const parse = () =>
    new Promise((resolve, reject) =>
      jsonBodyParser({}, HOSTILE_CART, (error, body) => (error ? reject(error) : resolve(body))),
    );
  return {
    'body read from the socket (0.9 MB)': await bodyRead(),
    'JSON body parse (depth check, JSON.parse)': await median(parse),
  };
}

/**
 * The phases in the database, and the whole request, on one engine. Each statement reads the body twice: as the
 * API writes short values (a literal in the script) and as it binds a long one, as PostgREST sends its body.
 */
async function enginePhases(server) {
  const { db } = server;
  const context = { method: 'POST', path: '/rpc/quote_cart', headers: {}, cookies: {} };
  const both = (name, sql, end = (promise) => promise) => ({
    [`${name}, literal`]: () => end(db.exec(inlineParams(sql, [HOSTILE_CART]))),
    [`${name}, bound`]: () => end(db.query(sql, [HOSTILE_CART])),
  });
  // quote_cart takes `items json` (20261205090000_cart_items_as_json.sql), so the API reads the argument as json.
  const call = 'select public.quote_cart(items => _a.items) from json_to_record($1::json) as _a(items json)';
  const tasks = {
    ...both('the value as text (length)', 'select length($1::text)'),
    ...both('the value as json (json_typeof)', 'select json_typeof($1::json)'),
    ...both(
      'the argument as jsonb, as quote_cart took it before (json_to_record)',
      'select jsonb_typeof(_a.items) from json_to_record($1::json) as _a(items jsonb)',
    ),
    ...both('the call, refused (22023)', call, refusal),
    // As the API runs it: the role's settings and claims, the call, the response settings, in one transaction.
    'the call as the API runs it (anon)': () =>
      refusal(
        runAsRole(db, { role: 'anon' }, [{ sql: call, params: [HOSTILE_CART] }], {
          readOnly: false,
          context,
          roleSettings: [],
        }),
      ),
    'the whole request over HTTP (400 22023)': async () => {
      const status = await post(
        `${server.url.replace('localhost', '127.0.0.1')}/rest/v1/rpc/quote_cart`,
        {
          apikey: server.anonKey,
          Authorization: `Bearer ${server.anonKey}`,
          'Content-Type': 'application/json',
        },
        HOSTILE_CART,
      );
      if (status !== 400) throw new Error(`expected 400, got ${status}`);
    },
  };
  const phases = {};
  for (const [name, task] of Object.entries(tasks)) phases[name] = await median(task);
  return phases;
}

/** The API on a free port, on PostgreSQL or in a PGlite data folder of its own, without the e-mail sweep. */
async function start(databaseUrl, dataDir) {
  const config = loadConfig(SUPABASE_DIR, { ...process.env, INBUCKET_PORT: '0' });
  return startLocalSupabase({ port: 0, databaseUrl, dataDir, config, scheduleSeconds: 0 });
}

const machineAtStart = await sampleMachine();
const columns = { API: await apiPhases() };
for (const store of STORES) {
  const database = store === 'postgres' ? await runDatabase() : null;
  const dataDir = database ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'ls-phases-'));
  try {
    const server = await start(database?.url, dataDir);
    try {
      columns[store === 'postgres' ? 'PostgreSQL' : 'PGlite'] = await enginePhases(server);
    } finally {
      await server.stop();
    }
  } finally {
    await database?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
const machineAtEnd = await sampleMachine();

const names = Object.keys(columns).filter((name) => name !== 'API');
const rows = [
  `| phase | ${names.join(' ms | ')} ms |`,
  `| --- | ${names.map(() => '---').join(' | ')} |`,
  ...Object.entries(columns.API).map(
    ([phase, ms]) => `| ${phase} | ${names.map(() => ms.toFixed(1)).join(' | ')} |`,
  ),
  ...Object.keys(columns[names[0]] ?? {}).map(
    (phase) => `| ${phase} | ${names.map((name) => columns[name][phase].toFixed(1)).join(' | ')} |`,
  ),
];
console.log(
  `${rows.join('\n')}\n\nMedians of ${RUNS} runs. ${describeMachine({ start: machineAtStart, end: machineAtEnd })}\nCommand: ${commandLine()}`,
);
