// The sender's rules under Deno (`deno test`, run by local-supabase/test/functions.test.ts): exactly once through
// retries, with an outbox and a provider that behave as private.email_outbox and Resend do, and fail as they can.
import assert from 'node:assert/strict';
import type { Provider, SendOutcome } from './resend.ts';
import { fromAs, sendDue, type ClaimedEmail, type Outbox } from './sender.ts';

const FROM = 'AI Made Simple <billing@shop.example.com>';
const code = (id: number): ClaimedEmail => ({
  id,
  template: 'newsletter_code',
  recipient: `reader${id}@example.com`,
  payload: { name: 'Ada', code: `CODE${id}` },
  idempotency_key: `newsletter_code:${id}`,
});

/** An outbox of `rows`: a claim takes the unsent ones not leased; `leaseOver()` ends every lease. */
function fakeOutbox(rows: ClaimedEmail[], options: { markSentFails?: boolean } = {}) {
  const state = new Map(
    rows.map((row) => [row.id, { row, sent: false, leased: false, failures: [] as string[] }]),
  );
  const outbox: Outbox = {
    claim(batchSize) {
      const due = [...state.values()].filter((s) => !s.sent && !s.leased).slice(0, batchSize);
      for (const s of due) s.leased = true;
      return Promise.resolve(due.map((s) => s.row));
    },
    markSent(id) {
      if (options.markSentFails) return Promise.reject(new Error('mark_email_sent: connection reset'));
      state.get(id)!.sent = true;
      return Promise.resolve();
    },
    markFailed(id, error, _retryAfter, permanent) {
      state.get(id)!.failures.push(`${permanent ? 'permanent' : 'later'}: ${error}`);
      return Promise.resolve();
    },
  };
  return {
    outbox,
    state,
    leaseOver: () => state.forEach((s) => (s.leased = false)),
    healed: () => (options.markSentFails = false),
  };
}

/** Resend as it behaves: a key seen before answers the first id and delivers nothing. */
function fakeProvider(script: (call: number) => SendOutcome | null = () => null) {
  const delivered: { from: string; to: string; subject: string; key: string }[] = [];
  const byKey = new Map<string, string>();
  let calls = 0;
  const provider: Provider = {
    send(from, to, email, key) {
      calls += 1;
      const scripted = script(calls);
      if (scripted) return Promise.resolve(scripted);
      if (!byKey.has(key)) {
        byKey.set(key, `id-${byKey.size + 1}`);
        delivered.push({ from, to, subject: email.subject, key });
      }
      return Promise.resolve({ ok: true, id: byKey.get(key)! });
    },
  };
  return { provider, delivered, calls: () => calls };
}

const run = (outbox: Outbox, provider: Provider, rounds = 5) =>
  sendDue(outbox, provider, { from: FROM, batchSize: 2, rounds, deadline: Number.POSITIVE_INFINITY });

Deno.test('sends every due e-mail once, from EMAIL_FROM, in batches, until the outbox is empty', async () => {
  const { outbox, state } = fakeOutbox([code(1), code(2), code(3)]);
  const { provider, delivered } = fakeProvider();
  assert.deepEqual(await run(outbox, provider), { sent: 3, failed: 0 });
  assert.deepEqual(
    delivered.map((d) => [d.to, d.key, d.from]),
    [1, 2, 3].map((id) => [`reader${id}@example.com`, `newsletter_code:${id}`, FROM]),
  );
  assert.ok([...state.values()].every((s) => s.sent));
  assert.deepEqual(await run(outbox, provider), { sent: 0, failed: 0 });
});

Deno.test(
  'a send that went through but was never marked is sent again with its key, and delivered once',
  async () => {
    const box = fakeOutbox([code(1)], { markSentFails: true });
    const { provider, delivered, calls } = fakeProvider();
    // The outbox fails after the provider took the e-mail: the run stops, the row stays leased and unsent.
    await assert.rejects(run(box.outbox, provider), /mark_email_sent/);
    assert.equal(box.state.get(1)!.sent, false);
    box.healed();
    box.leaseOver();
    assert.deepEqual(await run(box.outbox, provider), { sent: 1, failed: 0 });
    assert.equal(calls(), 2);
    assert.equal(delivered.length, 1);
  },
);

Deno.test(
  'a provider without an answer leaves the row for later; a refused message or payload is given up',
  async () => {
    const { outbox, state, leaseOver } = fakeOutbox([
      code(1),
      code(2),
      { ...code(3), payload: { name: 'Ada' } },
    ]);
    const { provider, delivered } = fakeProvider((call) =>
      call === 1
        ? {
            ok: false,
            error: 'no answer from the provider: TimeoutError',
            retryAfterSeconds: null,
            permanent: false,
          }
        : call === 2
          ? {
              ok: false,
              error: '422 validation_error: Invalid `to` field',
              retryAfterSeconds: null,
              permanent: true,
            }
          : null,
    );
    assert.deepEqual(await run(outbox, provider), { sent: 0, failed: 3 });
    assert.deepEqual(state.get(1)!.failures, ['later: no answer from the provider: TimeoutError']);
    assert.deepEqual(state.get(2)!.failures, ['permanent: 422 validation_error: Invalid `to` field']);
    assert.match(state.get(3)!.failures[0]!, /^permanent: payload of newsletter_code does not fit: code: /);
    assert.equal(delivered.length, 0);
    // The next run (the fake has no backoff: every failed row is due again) sends the one that may pass now.
    leaseOver();
    state.get(2)!.sent = true;
    state.get(3)!.sent = true;
    assert.deepEqual(await run(outbox, provider), { sent: 1, failed: 0 });
    assert.deepEqual(
      delivered.map((d) => d.key),
      ['newsletter_code:1'],
    );
  },
);

Deno.test("a client's call claims once; no claim after the deadline", async () => {
  const rows = [1, 2, 3, 4, 5].map(code);
  const once = fakeOutbox(rows);
  assert.deepEqual(await run(once.outbox, fakeProvider().provider, 1), { sent: 2, failed: 0 });
  const late = fakeOutbox(rows);
  const summary = await sendDue(late.outbox, fakeProvider().provider, {
    from: FROM,
    batchSize: 2,
    rounds: 20,
    deadline: 1_000,
    now: () => 1_000,
  });
  assert.deepEqual(summary, { sent: 0, failed: 0 });
});

Deno.test(
  "a payload naming the company sends in its name from EMAIL_FROM's address, signed with its details",
  async () => {
    const seller = {
      name: 'Acme, Automation',
      legalName: 'Acme Automation GmbH',
      address: { street: 'Hauptstraße 2', postalCode: '80331', city: 'Munich', country: 'DE' },
    };
    const { outbox } = fakeOutbox([{ ...code(1), payload: { name: 'Ada', code: 'X1', seller } }]);
    const sent: { from: string; text: string }[] = [];
    const provider: Provider = {
      send(from, _to, email) {
        sent.push({ from, text: email.text });
        return Promise.resolve({ ok: true, id: 'id-1' });
      },
    };
    await run(outbox, provider);
    assert.equal(sent[0]!.from, '"Acme, Automation" <billing@shop.example.com>');
    assert.match(
      sent[0]!.text,
      /\n\nAcme, Automation\n\nAcme Automation GmbH, Hauptstraße 2, 80331 Munich, Germany\n$/,
    );
    assert.equal(
      fromAs('billing@shop.example.com', 'AI Made Simple'),
      'AI Made Simple <billing@shop.example.com>',
    );
    // No line break of a name reaches the From header.
    assert.equal(
      fromAs('billing@shop.example.com', 'AI Made\r\nBcc: x@example.com'),
      '"AI Made Bcc: x@example.com" <billing@shop.example.com>',
    );
  },
);
