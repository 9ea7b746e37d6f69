// Exactly one e-mail per event (supabase/migrations/20261128090000_email_outbox.sql and the send-emails function),
// on PostgreSQL, where requests really run at once: a key queued twice is one row, a rolled-back event queues
// nothing, concurrent claims never share a row, failures wait and give up as the migration says, and sweeps and
// clients calling the function together send each e-mail once, even one whose earlier send was never marked.
import { Client, Pool } from 'pg';
import { DEFAULT_JWT_SECRET } from '../src/keys';
import { inboxApiKey } from '../src/mail/provider';
import { mailTo, raw, startBackend, type Backend } from './harness';

jest.setTimeout(180_000);

let backend: Backend;
let pool: Pool;
beforeAll(async () => {
  backend = await startBackend('postgres');
  pool = new Pool({ connectionString: backend.databaseUrl, max: 4 });
});
afterAll(async () => {
  await pool?.end();
  await backend?.stop();
});

const unique = () => Math.random().toString(36).slice(2, 10);
const code = (to: string) => ({
  template: 'newsletter_code',
  to,
  payload: { name: 'Ada', code: 'ADA123XYZ' },
});

async function enqueue(key: string, email = code(`${unique()}@example.com`)) {
  await pool.query('select private.enqueue_email($1, $2, $3::jsonb, $4)', [
    email.template,
    email.to,
    JSON.stringify(email.payload),
    key,
  ]);
}

const row = async (key: string) =>
  (
    await pool.query<{
      id: string;
      attempts: number;
      wait: number | null;
      given_up: boolean;
      sent: boolean;
      last_error: string | null;
    }>(
      `select id, attempts,
         case when claimed_until <> 'infinity' then extract(epoch from claimed_until - now())::float end as wait,
         claimed_until is not distinct from 'infinity' as given_up, sent_at is not null as sent, last_error
       from private.email_outbox where idempotency_key = $1`,
      [key],
    )
  ).rows[0]!;

/** Claims in a transaction of its own, left open until `release` (a sender mid-run). */
async function claimAndHold(batch: number) {
  const client = new Client({ connectionString: backend.databaseUrl });
  await client.connect();
  await client.query('begin');
  const { rows } = await client.query<{ idempotency_key: string }>('select * from public.claim_emails($1)', [
    batch,
  ]);
  return {
    keys: rows.map((r) => r.idempotency_key),
    release: async () => {
      await client.query('commit');
      await client.end();
    },
  };
}

/** Leaves nothing due but the rows of `keys`, so a claim's result is theirs alone. */
const onlyDue = (keys: string[]) =>
  pool.query(
    `update private.email_outbox set claimed_until = 'infinity'
     where sent_at is null and not (idempotency_key = any($1)) and claimed_until is distinct from 'infinity'`,
    [keys],
  );

describe('the e-mail outbox on PostgreSQL', () => {
  it('queues one row per key, and nothing for an event that rolled back', async () => {
    const key = `order_confirmation:${unique()}`;
    await enqueue(key);
    await enqueue(key, code('someone-else@example.com'));
    const rows = await pool.query('select recipient from private.email_outbox where idempotency_key = $1', [
      key,
    ]);
    expect(rows.rowCount).toBe(1);

    const rolledBack = `booking_receipt:${unique()}`;
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query(`select private.enqueue_email('newsletter_code', 'a@example.com', '{}', $1)`, [
        rolledBack,
      ]);
      await client.query('rollback');
    } finally {
      client.release();
    }
    expect(await row(rolledBack)).toBeUndefined();
  });

  it('gives two senders claiming at once disjoint rows', async () => {
    const keys = Array.from({ length: 6 }, () => `claim:${unique()}`);
    for (const key of keys) await enqueue(key);
    await onlyDue(keys);
    const first = await claimAndHold(4);
    const second = await claimAndHold(4);
    await first.release();
    await second.release();
    expect(first.keys).toHaveLength(4);
    expect(second.keys).toHaveLength(2);
    expect([...first.keys, ...second.keys].sort()).toEqual([...keys].sort());
    // Leased: nobody takes them again for five minutes.
    expect((await pool.query('select * from public.claim_emails(50)')).rows).toEqual([]);
    expect((await row(keys[0]!)).wait).toBeGreaterThan(290);
  });

  it('waits longer after each failure, at least the provider’s Retry-After, and gives up when told or after 8 tries', async () => {
    const key = `retry:${unique()}`;
    await enqueue(key);
    const { id } = await row(key);
    await pool.query('update private.email_outbox set attempts = 1 where id = $1', [id]);
    await pool.query(`select public.mark_email_failed($1, '503 application_error: down')`, [id]);
    expect((await row(key)).wait).toBeCloseTo(60, -1);
    await pool.query('update private.email_outbox set attempts = 3 where id = $1', [id]);
    await pool.query(`select public.mark_email_failed($1, 'timeout')`, [id]);
    expect((await row(key)).wait).toBeCloseTo(240, -1);
    await pool.query(`select public.mark_email_failed($1, '429 rate_limit_exceeded', 900)`, [id]);
    expect((await row(key)).wait).toBeCloseTo(900, -1);
    await pool.query('update private.email_outbox set attempts = 20 where id = $1', [id]);
    await pool.query(`select public.mark_email_failed($1, 'down')`, [id]);
    expect((await row(key)).wait).toBeCloseTo(7200, -1);
    await pool.query(`select public.mark_email_failed($1, '422 validation_error: bad address', null, true)`, [
      id,
    ]);
    expect(await row(key)).toMatchObject({ given_up: true, last_error: '422 validation_error: bad address' });

    // Due again, but out of tries; and a row tried before, queued a day ago, which the provider has forgotten.
    const tried = `tried:${unique()}`;
    const old = `old:${unique()}`;
    const fresh = `fresh:${unique()}`;
    for (const k of [tried, old, fresh]) await enqueue(k);
    await pool.query(`update private.email_outbox set attempts = 8 where idempotency_key = $1`, [tried]);
    await pool.query(
      `update private.email_outbox set attempts = 1, created_at = now() - interval '23 hours 1 minute'
       where idempotency_key = $1`,
      [old],
    );
    await pool.query(
      `update private.email_outbox set created_at = now() - interval '3 days' where idempotency_key = $1`,
      [fresh],
    );
    await onlyDue([tried, old, fresh]);
    const claimed = await pool.query<{ idempotency_key: string }>('select * from public.claim_emails(50)');
    // Never tried yet: no send can have gone through, so even an old row goes out. The row past its 23 hours is
    // given up for good, and its report to the agency goes out in the same batch.
    const { id: oldId } = await row(old);
    expect(claimed.rows.map((r) => r.idempotency_key).sort()).toEqual(
      [fresh, `delivery_failed:${oldId}`].sort(),
    );
    expect(await row(old)).toMatchObject({ given_up: true });
  });

  it('lets no client claim, mark or read the outbox', async () => {
    const user = await backend.newUser('outbox');
    const { data: session } = await user.client.auth.getSession();
    for (const token of [backend.server.anonKey, session.session!.access_token]) {
      const headers = { Authorization: `Bearer ${token}` };
      for (const [fn, body] of [
        ['claim_emails', { batch_size: 10 }],
        ['mark_email_sent', { email_id: 1 }],
        ['mark_email_failed', { email_id: 1, error: 'x' }],
      ] as const) {
        const answer = await raw(backend, 'POST', `/rest/v1/rpc/${fn}`, body, headers);
        expect([fn, answer.status, answer.json.code]).toEqual([
          fn,
          token === backend.server.anonKey ? 401 : 403,
          '42501',
        ]);
      }
    }
    const schema = await raw(backend, 'GET', '/rest/v1/email_outbox', undefined, {
      'Accept-Profile': 'private',
    });
    expect(schema.status).toBe(406);
  });

  it('sends each e-mail exactly once while two sweeps and four clients call the function at once', async () => {
    const recipient = `burst-${unique()}@example.com`;
    const keys = Array.from({ length: 40 }, (_, i) => `burst:${recipient}:${i}`);
    for (const key of keys) await enqueue(key, code(recipient));
    await onlyDue(keys);
    const call = (key: string) =>
      fetch(`${backend.server.url}/functions/v1/send-emails`, {
        method: 'POST',
        headers: { apikey: key },
      }).then(async (response) => ({
        status: response.status,
        body: (await response.json()) as { sent: number },
      }));
    const { anonKey, serviceRoleKey } = backend.server;
    const answers = await Promise.all(
      [serviceRoleKey, serviceRoleKey, anonKey, anonKey, anonKey, anonKey].map(call),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    // Whatever is left after the clients' single claims, the sweeps took; together exactly the 40.
    expect(answers.reduce((sum, a) => sum + a.body.sent, 0)).toBe(40);
    const mail = await mailTo(backend, recipient);
    expect(mail).toHaveLength(40);
    const unsent = await pool.query(
      'select count(*)::int as n from private.email_outbox where idempotency_key = any($1) and (sent_at is null or attempts <> 1)',
      [keys],
    );
    expect(unsent.rows[0].n).toBe(0);
  });

  it('sends once an e-mail whose earlier send went through but was never marked', async () => {
    const to = `unmarked-${unique()}@example.com`;
    const key = `newsletter_code:${to}`;
    await enqueue(key, code(to));
    await onlyDue([key]);
    // A sender claims it and the provider takes it; the sender dies before marking it, and its lease runs out.
    expect((await pool.query('select * from public.claim_emails(1)')).rowCount).toBe(1);
    const first = await fetch(`${backend.server.inboxUrl}/emails`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${inboxApiKey(DEFAULT_JWT_SECRET)}`,
        'Content-Type': 'application/json',
        'Idempotency-Key': key,
      },
      body: JSON.stringify({
        from: 'AI Made Simple <billing@shop.example.com>',
        to: [to],
        subject: 'Your discount code',
        text: 'sent, never marked',
      }),
    });
    expect(first.status).toBe(200);
    await pool.query(
      `update private.email_outbox set claimed_until = now() - interval '1 second' where idempotency_key = $1`,
      [key],
    );

    const { data } = await backend.anon().functions.invoke('send-emails');
    expect(data).toEqual({ sent: 1, failed: 0 });
    const mail = await mailTo(backend, to);
    expect(mail.map((m) => m.text)).toEqual(['sent, never marked']);
    expect(await row(key)).toMatchObject({ sent: true, attempts: 2 });
  });

  it('schedules the sweep as a call of send-emails with the key Vault holds, and only once both secrets are there', async () => {
    // pg_net's net.http_post and Vault's decrypted_secrets as hosted Supabase has them, recording instead of calling.
    await pool.query(`
      create schema if not exists vault;
      create table if not exists vault.decrypted_secrets (name text primary key, decrypted_secret text);
      create schema if not exists net;
      create table if not exists net.calls (url text, headers jsonb, body jsonb, timeout_milliseconds integer);
      create or replace function net.http_post(url text, body jsonb default '{}', params jsonb default '{}',
        headers jsonb default '{}', timeout_milliseconds integer default 5000) returns bigint
      language sql as $$
        insert into net.calls values (url, headers, body, timeout_milliseconds);
        select count(*) from net.calls;
      $$;`);
    expect((await pool.query('select private.request_email_sweep() as id')).rows[0].id).toBeNull();
    await pool.query(`insert into vault.decrypted_secrets values ('project_url', 'https://abc.supabase.co/'),
      ('email_sweep_key', 'sb_secret_example')`);
    expect((await pool.query('select private.request_email_sweep() as id')).rows[0].id).toBe('1');
    expect((await pool.query('select * from net.calls')).rows).toEqual([
      {
        url: 'https://abc.supabase.co/functions/v1/send-emails',
        headers: { 'Content-Type': 'application/json', apikey: 'sb_secret_example' },
        body: {},
        timeout_milliseconds: 90000,
      },
    ]);
    // A server without pg_cron (this one, and PGlite) keeps the function but no job.
    expect((await pool.query(`select to_regnamespace('cron') as cron`)).rows[0].cron).toBeNull();
  });
});
