// "Already Subscribed" offers the code again (#33.5, 20261201090000_newsletter_code_resend.sql): resend_newsletter_code
// queues the address's code for that address in the e-mail outbox, at most once a day per address whatever its
// capitals, and never answers with the code. Over real HTTP with supabase-js on both engines; the outbox is private,
// so it is read beside the API on PostgreSQL, where the twins also really arrive at once.
import { compose } from '../../supabase/functions/send-emails/templates.ts';
import { KINDS, raw, sharedBackend, type Backend } from './harness';
import { queryPostgres } from './sql';

jest.setTimeout(180_000);

describe.each(KINDS)('resending a newsletter code on %s', (kind) => {
  let backend: Backend;
  const budget = (max_uses: number) =>
    backend
      .service()
      .from('client_budgets')
      .update({ max_uses, address_max_uses: max_uses })
      .eq('action', 'subscription');
  beforeAll(async () => {
    backend = await sharedBackend(kind);
    // Twenty requests at once from one client: only the once-a-day rule may stop them here.
    expect((await budget(1_000_000)).error).toBeNull();
  });
  afterAll(() => backend.stop());

  let serial = 0;
  // Each test from a client of its own, so the subscription budget of one never limits another.
  const client = () => backend.anonFrom(`127.0.0.${40 + serial}`);
  async function subscribed(name = 'Ada') {
    serial += 1;
    const email = `resend-${kind}-${serial}@example.com`;
    const { data: code, error } = await client().rpc('subscribe_newsletter', { name, email });
    expect(error).toBeNull();
    return { email, code: code as string };
  }
  const resend = (email: string) => client().rpc('resend_newsletter_code', { email });

  const queued = async (email: string) =>
    kind === 'postgres'
      ? queryPostgres<{ template: string; recipient: string; payload: Record<string, unknown> }>(
          backend,
          `select template, recipient, payload from private.email_outbox where lower(recipient) = lower($1) order by id`,
          [email],
        )
      : null;

  it('queues the code for the address itself, whatever its capitals, and answers without it', async () => {
    const { email, code } = await subscribed('Grace');
    const answer = await raw(backend, 'POST', '/rest/v1/rpc/resend_newsletter_code', {
      email: ` ${email.toUpperCase()} `,
    });
    expect(answer.status).toBe(200);
    expect(answer.json).toBeNull();
    expect(JSON.stringify(answer.json)).not.toContain(code);
    const rows = await queued(email);
    if (rows) {
      expect(rows).toEqual([
        { template: 'newsletter_code', recipient: email, payload: { name: 'Grace', code } },
      ]);
      expect(compose('newsletter_code', rows[0]!.payload).blocks).toContainEqual({
        kind: 'paragraph',
        text: `Hello Grace, here is your code: ${code}`,
      });
    }
  });

  it('sends at most once a day per address: the next request is told to wait, and queues nothing', async () => {
    const { email } = await subscribed();
    expect(await resend(email)).toMatchObject({ error: null, data: null });
    const again = await resend(email.toUpperCase());
    expect(again.status).toBe(429);
    expect(again.error).toMatchObject({
      code: 'code_recently_sent',
      message: 'We sent this address its code less than a day ago.',
    });
    const wait = (JSON.parse(again.error!.details) as { retry_after_seconds: number }).retry_after_seconds;
    expect(wait).toBeGreaterThan(86_000);
    expect(wait).toBeLessThanOrEqual(86_400);
    if (kind === 'postgres') {
      expect(await queued(email)).toHaveLength(1);
      // A day later (the last send moved back a day, as no test waits one), the address may have it again.
      await queryPostgres(
        backend,
        `update private.newsletter_code_resends set sent_at = sent_at - interval '1 day' where address = $1`,
        [email],
      );
      expect(await resend(email)).toMatchObject({ error: null, data: null });
      expect(await queued(email)).toHaveLength(2);
    }
  });

  it('answers an unknown address exactly as a known one, and sends nothing', async () => {
    // Who subscribed does not leak (#44): the same null, then the same wait within the day, for both.
    const { email } = await subscribed();
    serial += 1;
    const stranger = `nobody-${kind}-${serial}@example.com`;
    const answer = async (address: string) => {
      const { status, data, error } = await resend(address);
      return { status, data, code: error?.code ?? null, message: error?.message ?? null };
    };
    const first = { status: 200, data: null, code: null, message: null };
    expect(await answer(email)).toEqual(first);
    expect(await answer(stranger)).toEqual(first);
    const again = {
      status: 429,
      data: null,
      code: 'code_recently_sent',
      message: 'We sent this address its code less than a day ago.',
    };
    expect(await answer(email)).toEqual(again);
    expect(await answer(stranger)).toEqual(again);
    expect(await queued(stranger)).toEqual(kind === 'postgres' ? [] : null);
  });

  it('counts every request against the client’s subscription budget', async () => {
    const { email } = await subscribed();
    try {
      expect((await budget(2)).error).toBeNull(); // the subscription above was this client's first
      expect(await resend(email)).toMatchObject({ error: null });
      expect(await resend(email)).toMatchObject({ status: 429, error: { code: 'over_request_rate_limit' } });
    } finally {
      expect((await budget(1_000_000)).error).toBeNull();
    }
  });

  if (kind === 'postgres') {
    it('sends one e-mail for twenty requests at once', async () => {
      const { email } = await subscribed();
      const results = await Promise.all(Array.from({ length: 20 }, () => resend(email)));
      expect(results.filter((r) => r.error === null)).toHaveLength(1);
      for (const r of results.filter((r) => r.error !== null))
        expect(r).toMatchObject({ status: 429, error: { code: 'code_recently_sent' } });
      expect(await queued(email)).toHaveLength(1);
    });
  }
});
