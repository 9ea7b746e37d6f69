#!/usr/bin/env node
// `npm run bench -w local-supabase`: a benchmark, not a test. Measures sign-in, replace_cart and the orders
// select over HTTP at 1, 10 and 50 concurrent clients, on PGlite and on PostgreSQL, beside the same statements
// run directly through `pg` (the floor), and writes the table to local-supabase/BENCH.md.
// Traffic stays on 127.0.0.1; every loop is bounded by a request count and a time limit.
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const pg = require('pg');
const bcrypt = require('bcryptjs');

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const CONCURRENCY = [1, 10, 50];
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const TIME_LIMIT_MS = 20_000;
const PASSWORD = 'BenchPass123';

function adminUrl() {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  const out = execFileSync('bash', [path.join(root, 'scripts', 'ensure-postgres.sh')], { encoding: 'utf8' });
  return /TEST_DATABASE_URL=(\S+)/.exec(out)[1];
}

function startServer(env) {
  const child = spawn(process.execPath, [path.join(here, '..', 'bin', 'local-supabase.mjs')], {
    env: { ...process.env, PORT: '0', AUTH_RATE_LIMIT: '1000000', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited ${code}`)));
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const url = /ready at (\S+)/.exec(out)?.[1];
      const anon = /anon key: (\S+)/.exec(out)?.[1];
      if (url && anon) {
        child.removeAllListeners('exit');
        resolve({
          url,
          anon,
          stop: () =>
            new Promise((done) => {
              child.once('exit', done);
              child.kill('SIGTERM');
            }),
        });
      }
    });
  });
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** Runs `task(i)` REQUESTS times with `concurrency` workers; returns p50/p95 latency (ms) and requests/s. */
async function measure(concurrency, task) {
  const latencies = [];
  let next = 0;
  const started = performance.now();
  const deadline = started + TIME_LIMIT_MS;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (next < REQUESTS && performance.now() < deadline) {
        const i = next++;
        const t0 = performance.now();
        await task(i, worker);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p95: percentile(latencies, 95), rps: latencies.length / elapsed };
}

async function json(url, init) {
  const response = await fetch(url, init);
  const text = await response.text();
  if (!response.ok) throw new Error(`${init?.method ?? 'GET'} ${url}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

async function httpScenarios(server, users) {
  const headers = (token) => ({
    apikey: server.anon,
    Authorization: `Bearer ${token ?? server.anon}`,
    'Content-Type': 'application/json',
  });
  const items = [
    { service_id: 'smart-website', service_title: 'Smart Website', service_price: 899 },
    { service_id: 'chat-helper', service_title: 'Chat Helper', service_price: 699 },
    { service_id: 'smart-emails', service_title: 'Smart Emails', service_price: 349 },
  ];
  return {
    'sign-in': (i) =>
      json(`${server.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: headers(),
        body: JSON.stringify({ email: users[i % users.length].email, password: PASSWORD }),
      }),
    replace_cart: (i, worker) =>
      json(`${server.url}/rest/v1/rpc/replace_cart`, {
        method: 'POST',
        headers: headers(users[worker % users.length].token),
        body: JSON.stringify({ items: items.slice(0, (i % 3) + 1) }),
      }),
    'orders select': (i, worker) => {
      const user = users[worker % users.length];
      return json(`${server.url}/rest/v1/orders?select=*&user_id=eq.${user.id}&order=created_at.desc`, {
        headers: headers(user.token),
      });
    },
  };
}

function floorScenarios(pool, users) {
  const asUser = async (user, sql, params) => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query(
        "select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)",
        [JSON.stringify({ sub: user.id, role: 'authenticated', email: user.email })],
      );
      const result = await client.query(sql, params);
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback');
      throw error;
    } finally {
      client.release();
    }
  };
  const items = JSON.stringify([
    { service_id: 'smart-website', service_title: 'Smart Website', service_price: 899 },
  ]);
  return {
    'sign-in': async (i) => {
      const user = users[i % users.length];
      const { rows } = await pool.query('select id, encrypted_password from auth.users where email = $1', [
        user.email,
      ]);
      await bcrypt.compare(PASSWORD, rows[0].encrypted_password);
      await pool.query('insert into auth.sessions (id, user_id) values (gen_random_uuid(), $1)', [user.id]);
    },
    replace_cart: (_i, worker) =>
      asUser(users[worker % users.length], 'select public.replace_cart($1::jsonb)', [items]),
    'orders select': (_i, worker) => {
      const user = users[worker % users.length];
      return asUser(user, 'select * from public.orders where user_id = $1 order by created_at desc', [
        user.id,
      ]);
    },
  };
}

async function signUpUsers(server, count) {
  const users = [];
  for (let i = 0; i < count; i += 1) {
    const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
    const session = await json(`${server.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: server.anon, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    users.push({ email, id: session.user.id, token: session.access_token });
  }
  return users;
}

const rows = [];
async function runBackend(kind, server, pool) {
  const users = await signUpUsers(server, 50);
  const http = await httpScenarios(server, users);
  const floor = pool ? floorScenarios(pool, users) : null;
  for (const [name, task] of Object.entries(http)) {
    for (const c of CONCURRENCY) {
      const api = await measure(c, task);
      const direct = floor ? await measure(c, floor[name]) : null;
      rows.push({ kind, name, c, api, direct });
      console.log(kind, name, c, JSON.stringify({ api, direct }));
    }
  }
}

const admin = adminUrl();
const dbName = `ls_bench_${randomBytes(4).toString('hex')}`;
const adminClient = new pg.Client({ connectionString: admin });
await adminClient.connect();
await adminClient.query(`create database ${dbName}`);
const dbUrl = new URL(admin);
dbUrl.pathname = `/${dbName}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ls-bench-'));
try {
  const lite = await startServer({ DATA_DIR: dataDir });
  await runBackend('PGlite', lite);
  await lite.stop();
  const server = await startServer({ DATABASE_URL: dbUrl.toString() });
  const pool = new pg.Pool({ connectionString: dbUrl.toString(), max: 20 });
  await runBackend('PostgreSQL', server, pool);
  await pool.end();
  await server.stop();
} finally {
  await adminClient.query(`drop database if exists ${dbName} with (force)`);
  await adminClient.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const f = (n) => (n === undefined ? '' : n.toFixed(1));
const lines = [
  '| store | call | clients | API p50 ms | API p95 ms | API req/s | direct pg p50 ms | direct pg p95 ms | direct req/s | p95 API / direct |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ...rows.map(
    ({ kind, name, c, api, direct }) =>
      `| ${kind} | ${name} | ${c} | ${f(api.p50)} | ${f(api.p95)} | ${f(api.rps)} | ${f(direct?.p50)} | ${f(direct?.p95)} | ${f(direct?.rps)} | ${direct ? (api.p95 / direct.p95).toFixed(2) : ''} |`,
  ),
];
const table = lines.join('\n');
const doc = path.join(here, '..', 'BENCH.md');
const previous = fs.existsSync(doc) ? fs.readFileSync(doc, 'utf8') : '';
const notes = previous.includes('## Reading the numbers')
  ? previous.slice(previous.indexOf('## Reading the numbers'))
  : '';
fs.writeFileSync(
  doc,
  `# local-supabase benchmark\n\nMeasured ${new Date().toISOString().slice(0, 10)} with \`npm run bench -w local-supabase\` on this repository's 2-core machine: ${REQUESTS} requests per row (at most ${TIME_LIMIT_MS / 1000} s), 50 signed-up users, the API and PostgreSQL on the same machine. "Direct" runs the same statements (role, claims, query) through \`pg\` without HTTP; sign-in's direct row includes the bcrypt comparison.\n\n${table}\n\n${notes}`,
);
console.log(`\n${table}\n\nWritten to local-supabase/BENCH.md`);
