#!/usr/bin/env node
// `npm run bench -w local-supabase`: a benchmark, not a test. Measures sign-in, replace_cart, the orders select,
// the orders with their items (an embed), the refusal of a hostile 30,000-item quote_cart (issue #30: refused
// before any other work, in under 10 ms) and the orders select of other clients while one client sends such
// quotes back to back (issue #30 found their p95 6 ms alone, 148 ms beside the quotes on PGlite) over HTTP at 1,
// 10 and 50 concurrent clients, on PGlite and on
// PostgreSQL, beside the same statements (role, claims, query) run directly through `pg` two ways: as the API
// sends them (one script, values as literals, one round trip) and with bound parameters (begin, set_config,
// the statement, commit: `pg` sends one statement per round trip); writes the table to local-supabase/BENCH.md.
// Traffic stays on 127.0.0.1; every loop is bounded by a request count and a time limit.
//
// BENCH_REQUESTS (default 2000) requests per row, BENCH_TIME_LIMIT (default 20) seconds at most per row;
// BENCH_STORES=pglite,postgres and BENCH_CALLS=sign-in,... pick rows (the rows not measured stay in BENCH.md as
// they were, with their date); BENCH_WRITE=0 prints without writing BENCH.md. PostgreSQL comes from
// TEST_DATABASE_URL or scripts/ensure-postgres.sh, in a database created for the run and dropped after it.
// It samples the machine before it starts and after it has stopped its servers (scripts/lib/machine-load.mjs),
// records both and the command that ran it in BENCH.md, and writes nothing from a busy machine unless run with
// --allow-busy.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { describeMachine, judgeMachine, sampleMachine } from '../../scripts/lib/machine-load.mjs';
import { commandLine, HOSTILE_CART, runDatabase } from './common.mjs';

const require = createRequire(import.meta.url);
const pg = require('pg');
const bcrypt = require('@node-rs/bcrypt');

const here = path.dirname(fileURLToPath(import.meta.url));
const ALLOW_BUSY = process.argv.includes('--allow-busy');
const CONCURRENCY = [1, 10, 50];
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const WARMUP = 30;
const TIME_LIMIT_MS = Number(process.env.BENCH_TIME_LIMIT ?? 20) * 1000;
const PASSWORD = 'BenchPass123';
const list = (name, all) => (process.env[name] ? process.env[name].split(',') : all);
const STORES = list('BENCH_STORES', ['pglite', 'postgres']);
const CALL_NAMES = [
  'sign-in',
  'replace_cart',
  'orders select',
  'orders with items',
  'quote_cart 30k items',
  'orders select beside 30k quotes',
];
const CALLS = list('BENCH_CALLS', CALL_NAMES);
/** The account page's read of a user's orders with their items, one request through an embed. */
const BESIDE_HOSTILE = 'orders select beside 30k quotes';
const ORDERS_WITH_ITEMS =
  'select=id,status,total_amount,created_at,order_items(service_id,service_title,service_price)';

function startServer(env) {
  const child = spawn(process.execPath, [path.join(here, '..', 'bin', 'local-supabase.mjs')], {
    // The production settings (bcrypt cost 10), without config.toml's per-IP rate limits: every client here is
    // 127.0.0.1, and without the e-mail sweep, which would start Deno in the middle of a row.
    env: {
      ...process.env,
      PORT: '0',
      INBUCKET_PORT: '0',
      AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '100000000',
      AUTH_RATE_LIMIT_TOKEN_REFRESH: '100000000',
      FUNCTION_SCHEDULE_SECONDS: '0',
      FUNCTION_CHECK_AT_START: '0',
      ...env,
    },
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
        // A server that dies during the run says so (the requests then fail with the reason of their own).
        let stopping = false;
        child.once('exit', (code, signal) => {
          if (!stopping) console.error(`local-supabase stopped during the run (${signal ?? `exit ${code}`})`);
        });
        resolve({
          url: url.replace('localhost', '127.0.0.1'),
          anon,
          stop: () =>
            new Promise((done) => {
              stopping = true;
              if (child.exitCode !== null || child.signalCode !== null) return done();
              child.once('exit', done);
              child.kill('SIGTERM');
            }),
        });
      }
    });
  });
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** Runs `task(i, worker)` with `concurrency` workers, after a warm-up; returns p50/p95 (ms) and requests/s. */
async function measure(concurrency, task) {
  for (let i = 0; i < Math.min(WARMUP, REQUESTS); i += 1) await task(i, i % concurrency);
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

// node:http with keep-alive rather than fetch: the load generator shares the machine's two cores with the
// server, so the cheaper client leaves more of them to what is measured.
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
function request(url, { method = 'GET', headers = {}, body, status } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        if (status ? res.statusCode !== status : res.statusCode >= 300)
          reject(new Error(`${method} ${url}: ${res.statusCode} ${text}`));
        else resolve(text ? JSON.parse(text) : null);
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

function httpScenarios(server, users) {
  const headers = (token) => ({
    apikey: server.anon,
    Authorization: `Bearer ${token ?? server.anon}`,
    'Content-Type': 'application/json',
  });
  const carts = [1, 2, 3].map((n) => JSON.stringify({ items: ITEMS.slice(0, n) }));
  return {
    'sign-in': (i) =>
      request(`${server.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: headers(),
        body: JSON.stringify({ email: users[i % users.length].email, password: PASSWORD }),
      }),
    replace_cart: (i, worker) =>
      request(`${server.url}/rest/v1/rpc/replace_cart`, {
        method: 'POST',
        headers: headers(users[worker % users.length].token),
        body: carts[i % 3],
      }),
    'orders select': (_i, worker) => {
      const user = users[worker % users.length];
      return request(`${server.url}/rest/v1/orders?select=*&user_id=eq.${user.id}&order=created_at.desc`, {
        headers: headers(user.token),
      });
    },
    'orders with items': (_i, worker) => {
      const user = users[worker % users.length];
      return request(
        `${server.url}/rest/v1/orders?${ORDERS_WITH_ITEMS}&user_id=eq.${user.id}&order=created_at.desc`,
        { headers: headers(user.token) },
      );
    },
    // Anonymous, as the hostile client was; refused 400 22023 'A cart holds at most 13 items, one per service'.
    'quote_cart 30k items': () =>
      request(`${server.url}/rest/v1/rpc/quote_cart`, {
        method: 'POST',
        headers: headers(),
        body: HOSTILE_CART,
        status: 400,
      }),
  };
}

/** Each call's statement as the API builds it, with `$1` for the request's value (the cart or the user id). */
const STATEMENTS = {
  replace_cart: { sql: 'select public.replace_cart(items => $1)', readOnly: false },
  'orders select': {
    sql: `select coalesce((select json_agg(_r) from (select * from public."orders" _t0 where "user_id" = $1 order by "created_at" desc limit 1000 offset 0) _r), '[]'::json) as body`,
    readOnly: true,
  },
  'orders with items': {
    sql: `select coalesce((select json_agg(_r) from (select "id", "status", "total_amount", "created_at", coalesce((select json_agg(_e) from (select "service_id", "service_title", "service_price" from public."order_items" _t1 where _t1."order_id" = _t0."id") _e), '[]'::json) as "order_items" from public."orders" _t0 where "user_id" = $1 order by "created_at" desc limit 1000 offset 0) _r), '[]'::json) as body`,
    readOnly: true,
  },
};

const ITEMS = [
  { service_id: 'smart-website', service_title: 'Smart Website', service_price: 899 },
  { service_id: 'chat-helper', service_title: 'Chat Helper', service_price: 699 },
  { service_id: 'smart-emails', service_title: 'Smart Emails', service_price: 349 },
];

const claimsOf = (user) => JSON.stringify({ sub: user.id, role: 'authenticated', email: user.email });
// What the API sets besides the role and claims (src/rest/transaction.ts): the role's own settings and the
// request, as PostgREST does, and what it reads back after the statements (response.status and headers).
const REQUEST_SETTINGS = `set_config('statement_timeout', '8s', true), set_config('request.method', 'POST', true),
  set_config('request.path', '/rpc/bench', true),
  set_config('request.headers', '{"content-type":"application/json","cf-connecting-ip":"127.0.0.1"}', true),
  set_config('request.cookies', '{}', true)`;
const RESPONSE_SETTINGS = `select nullif(current_setting('response.status', true), '') as status,
  nullif(current_setting('response.headers', true), '') as headers`;

/**
 * The floors for each call through a `pg` pool of the API's size: 'literal' sends the script the API sends (role,
 * claims and statement with its value written in, one round trip); 'bound' sends the same with bound parameters,
 * which `pg` can only do one statement per round trip (begin, set_config, the statement, the response settings,
 * commit).
 */
function floorScenarios(pool, users, mode) {
  const { escapeLiteral } = pg;
  const carts = [1, 2, 3].map((n) => JSON.stringify(ITEMS.slice(0, n)));
  const valueOf = (name, i, user) => (name === 'replace_cart' ? carts[i % 3] : user.id);
  const literalCall = (name) => (i, worker) => {
    const user = users[worker % users.length];
    const { sql, readOnly } = STATEMENTS[name];
    return pool.query(
      [
        ...(readOnly ? ['set transaction read only'] : []),
        `select set_config('role', 'authenticated', true),
                set_config('request.jwt.claims', ${escapeLiteral(claimsOf(user))}, true),
                set_config('request.jwt.claim.sub', ${escapeLiteral(user.id)}, true), ${REQUEST_SETTINGS}`,
        sql.replace('$1', escapeLiteral(valueOf(name, i, user))),
        RESPONSE_SETTINGS,
      ].join(';\n'),
    );
  };
  const boundCall = (name) => async (i, worker) => {
    const user = users[worker % users.length];
    const { sql, readOnly } = STATEMENTS[name];
    const client = await pool.connect();
    try {
      await client.query(readOnly ? 'begin read only' : 'begin');
      await client.query(
        `select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true),
                set_config('request.jwt.claim.sub', $2, true), ${REQUEST_SETTINGS}`,
        [claimsOf(user), user.id],
      );
      await client.query(sql, [valueOf(name, i, user)]);
      await client.query(RESPONSE_SETTINGS);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  };
  const call = mode === 'literal' ? literalCall : boundCall;
  return {
    // The user lookup, the bcrypt comparison and the session insert (no role or claims to set).
    'sign-in': async (i) => {
      const user = users[i % users.length];
      const { rows } = await pool.query('select * from auth.users where lower(email) = lower($1)', [
        user.email,
      ]);
      await bcrypt.compare(PASSWORD, rows[0].encrypted_password);
      await pool.query('insert into auth.sessions (id, user_id) values (gen_random_uuid(), $1)', [user.id]);
    },
    replace_cart: call('replace_cart'),
    'orders select': call('orders select'),
    'orders with items': call('orders with items'),
  };
}

async function signUpUsers(server, count) {
  const users = [];
  for (let i = 0; i < count; i += 1) {
    const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
    const session = await request(`${server.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: server.anon, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    users.push({ email, id: session.user.id, token: session.access_token });
  }
  return users;
}

/**
 * Runs `measured()` while one more client sends `hostile` requests back to back (a new one as soon as the last
 * is answered), and stops that client when the measurement ends.
 */
async function beside(hostile, measured) {
  let running = true;
  const loop = (async () => {
    while (running) await hostile();
  })();
  try {
    return await measured();
  } finally {
    running = false;
    await loop;
  }
}

const rows = [];
async function runBackend(kind, server, pool) {
  const users = await signUpUsers(server, 50);
  // Every user gets an order, so the orders select returns a row, as on the account page.
  for (const user of users.slice(0, 50)) {
    const headers = {
      apikey: server.anon,
      Authorization: `Bearer ${user.token}`,
      'Content-Type': 'application/json',
    };
    await request(`${server.url}/rest/v1/rpc/replace_cart`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ items: ITEMS }),
    });
    await request(`${server.url}/rest/v1/rpc/place_order`, {
      method: 'POST',
      headers,
      // The checkout's call: the cart and the total it showed (899 + 699 + 349, 10% off at three services).
      body: JSON.stringify({ items: ITEMS, expected_total: 175230, discount_code: null }),
    });
  }
  const httpCalls = httpScenarios(server, users);
  const floor = pool ? floorScenarios(pool, users, 'literal') : null;
  const bound = pool ? floorScenarios(pool, users, 'bound') : null;
  for (const name of CALLS) {
    for (const c of CONCURRENCY) {
      // Other clients' reads, as 'orders select' measures them alone, while the hostile quotes arrive.
      const api =
        name === BESIDE_HOSTILE
          ? await beside(httpCalls['quote_cart 30k items'], () => measure(c, httpCalls['orders select']))
          : await measure(c, httpCalls[name]);
      // The refused quote has no statement to compare with: the API alone.
      const direct = floor?.[name] ? await measure(c, floor[name]) : null;
      // Sign-in binds its parameters either way: one floor is enough.
      const boundRow = bound?.[name] && name !== 'sign-in' ? await measure(c, bound[name]) : null;
      rows.push({ kind, name, c, api, direct, bound: boundRow });
      console.log(kind, name, c, JSON.stringify({ api, direct, bound: boundRow }));
    }
  }
}

// Before anything of its own runs.
const machineAtStart = await sampleMachine();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ls-bench-'));
try {
  if (STORES.includes('pglite')) {
    const lite = await startServer({ DATA_DIR: dataDir });
    try {
      await runBackend('PGlite', lite);
    } finally {
      await lite.stop();
    }
  }
  if (STORES.includes('postgres')) {
    const database = await runDatabase();
    try {
      const server = await startServer({ DATABASE_URL: database.url });
      const pool = new pg.Pool({
        connectionString: database.url,
        max: Number(process.env.PG_POOL_SIZE ?? 20),
      });
      try {
        await runBackend('PostgreSQL', server, pool);
      } finally {
        await pool.end();
        await server.stop();
      }
    } finally {
      await database.drop();
    }
  }
} finally {
  agent.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
// After everything it started has stopped: what remains is other processes.
const machine = { start: machineAtStart, end: await sampleMachine() };
const { busy, reasons } = judgeMachine(machine);

const f = (n) => (n === undefined ? '' : n.toFixed(1));
const runAt = new Date().toISOString().slice(0, 16).replace('T', ' ');
const HEADER = [
  '| store | call | clients | API p50 ms | API p95 ms | API req/s | literal pg p50 ms | literal pg p95 ms | literal req/s | p95 API / literal | bound pg p50 ms | bound pg p95 ms | bound req/s | measured (UTC) |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
];
const measuredRows = rows.map(({ kind, name, c, api, direct, bound }) => ({
  key: `${kind}|${name}|${c}`,
  line: `| ${kind} | ${name} | ${c} | ${f(api.p50)} | ${f(api.p95)} | ${f(api.rps)} | ${f(direct?.p50)} | ${f(direct?.p95)} | ${f(direct?.rps)} | ${direct ? (api.p95 / direct.p95).toFixed(2) : ''} | ${f(bound?.p50)} | ${f(bound?.p95)} | ${f(bound?.rps)} | ${runAt} |`,
}));
const doc = path.join(here, '..', 'BENCH.md');
const previous = fs.existsSync(doc) ? fs.readFileSync(doc, 'utf8') : '';
/** The rows of the previous table that this run did not measure, in this table's columns. */
function keptRows() {
  const date = /^Measured (\S+)/m.exec(previous)?.[1] ?? '';
  return previous
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| store') && !line.startsWith('| ---'))
    .map((line) => {
      const cells = line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim());
      // A row of the older ten-column table: no bound columns, measured on the date of its header.
      const full = cells.length === 10 ? [...cells, '', '', '', date] : cells;
      return { key: full.slice(0, 3).join('|'), line: `| ${full.join(' | ')} |` };
    })
    .filter((row) => !measuredRows.some((m) => m.key === row.key));
}
const order = (row) => {
  const [kind, name, c] = row.key.split('|');
  return [kind === 'PGlite' ? 0 : 1, CALL_NAMES.indexOf(name), Number(c)];
};
const all = [...keptRows(), ...measuredRows].sort((a, b) => {
  const [x, y] = [order(a), order(b)];
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
});
const table = [...HEADER, ...all.map((row) => row.line)].join('\n');
console.log(`\n${table}\n\n${describeMachine(machine)}\nCommand: ${commandLine()}`);
if (busy && !ALLOW_BUSY) {
  console.error(
    `\nNot written to BENCH.md: the machine was busy (${reasons.join('; ')}). Its figures measure the other work ` +
      'as much as the API: run it again on a quiet machine, or with --allow-busy to record them anyway (BENCH.md ' +
      'then says so).',
  );
  process.exit(1);
}
if (process.env.BENCH_WRITE !== '0') {
  const notes = previous.includes('## Reading the numbers')
    ? previous.slice(previous.indexOf('## Reading the numbers'))
    : '';
  const verdict = busy
    ? `A busy machine, recorded with --allow-busy: ${reasons.join('; ')}.`
    : 'A quiet machine.';
  fs.writeFileSync(
    doc,
    `# local-supabase benchmark\n\nMeasured ${runAt.slice(0, 10)} with \`${commandLine()}\` (calls ${CALLS.join(', ')} on ${STORES.join(', ')}; rows not measured in this run keep their own date). ${describeMachine(machine)} ${verdict} ${REQUESTS} requests per row after ${WARMUP} warm-up requests (at most ${TIME_LIMIT_MS / 1000} s), 50 signed-up users each holding one order of three items, bcrypt cost 10, the load generator, the API and PostgreSQL on the same machine. "Literal" sends the script the API sends (role, claims and the statement with its values written in as literals, one round trip) through a \`pg\` pool of the same size without HTTP; "bound" sends the same statements with bound parameters, one per round trip (begin, set_config, the statement, commit), as \`pg\` must; sign-in's floor is the user lookup, the bcrypt comparison and the session insert.\n\n${table}\n\n${notes}`,
  );
  console.log('Written to local-supabase/BENCH.md');
}
