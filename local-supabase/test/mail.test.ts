// The local inbox ([inbucket] port): every e-mail auth sends is kept in the database and served as an HTML page
// (newest first, each message with its links clickable, everything escaped) and as the JSON API the end-to-end
// tests read links from. That messages survive a restart and the inbox empties on request is checked in
// stop.test.ts, on the restart it makes anyway.
import { DEFAULT_JWT_SECRET } from '../src/keys';
import { inboxApiKey } from '../src/mail/provider';
import { KINDS, mailTo, sharedBackend, type Backend } from './harness';

jest.setTimeout(90_000);

describe.each(KINDS)('local inbox on %s', (kind) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await sharedBackend(kind);
  });
  afterAll(() => backend?.stop());

  const inbox = (route: string, init?: RequestInit) => fetch(`${backend.server.inboxUrl}${route}`, init);

  it('lists messages newest first as an accessible page, each with its link clickable', async () => {
    expect(backend.server.inboxUrl).toMatch(/^http:\/\/localhost:\d+$/);
    const first = await backend.newUser('inbox');
    const second = await backend.newUser('inbox');
    await backend.anon().auth.resetPasswordForEmail(first.email);
    await backend.anon().auth.resetPasswordForEmail(second.email);

    const page = await inbox('/');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<h1>Local inbox</h1>');
    expect(html).toMatch(/<th scope="col">Subject<\/th>/);
    expect(html.indexOf(second.email)).toBeLessThan(html.indexOf(first.email));

    const [mail] = await mailTo(backend, first.email);
    const messagePage = await (await inbox(`/messages/${mail!.id}`)).text();
    expect(messagePage).toContain('<h1>Reset your AI Made Simple password</h1>');
    const href = mail!.links[0]!.replaceAll('&', '&#38;');
    expect(messagePage).toContain(`<a href="${href}">${href}</a>`);
    expect(messagePage).toContain(`<dd>${first.email}</dd>`);
  });

  it('serves the JSON API: list by recipient, one message with its links, 404 for an unknown id', async () => {
    const { email } = await backend.newUser('json');
    await backend.anon().auth.resetPasswordForEmail(email);
    const list = (await (
      await inbox(`/api/v1/messages?to=${encodeURIComponent(email.toUpperCase())}`)
    ).json()) as {
      total: number;
      count: number;
      messages: { id: number; to: string; subject: string; created_at: string; snippet: string }[];
    };
    expect(list.count).toBe(1);
    expect(list.messages[0]).toMatchObject({ to: email, subject: 'Reset your AI Made Simple password' });
    expect(Date.parse(list.messages[0]!.created_at)).not.toBeNaN();
    const one = (await (await inbox(`/api/v1/messages/${list.messages[0]!.id}`)).json()) as {
      text: string;
      html: string;
      links: string[];
    };
    expect(one.links).toHaveLength(1);
    expect(one.text).toContain(`Choose a new password: ${one.links[0]}`);
    expect(one.html).toContain('<a href=');
    for (const route of ['/api/v1/messages/999999999', '/api/v1/messages/abc', '/messages/-1', '/nothing']) {
      expect((await inbox(route)).status).toBe(404);
    }
  });

  it("sends auth's e-mails in config.toml's templates: the agency's words, a link and no code to type", async () => {
    const user = await backend.newUser('templates');
    const newEmail = `new-${user.email}`;
    expect((await user.client.auth.updateUser({ email: newEmail })).error).toBeNull();
    const [change] = await mailTo(backend, newEmail);
    expect(change!.subject).toBe('Confirm your new email address for AI Made Simple');
    expect(change!.text).toBe(
      [
        'Confirm your new email address',
        `We received a request to change the email address of your AI Made Simple account from ${user.email} to ${newEmail}. Please confirm the change:`,
        `Confirm the change: ${change!.links[0]}`,
        'The link works once. If you did not ask for this, you can ignore this email: your address stays as it is.',
        'AI Made Simple',
      ].join('\n\n') + '\n',
    );
    expect(change!.links[0]).toMatch(/\/auth\/v1\/verify\?token=[0-9a-f]{56}&type=email_change&redirect_to=/);
    expect(change!.html).toContain(
      `<a href="${change!.links[0]!.replaceAll('&', '&#38;')}">Confirm the change</a>`,
    );

    // Reauthentication is a code, the one thing that e-mail offers.
    expect((await user.client.auth.reauthenticate()).error).toBeNull();
    const [code] = await mailTo(backend, user.email);
    expect(code!.subject).toBe('Your AI Made Simple confirmation code');
    expect(code!.text).toMatch(/enter this code where you were asked for it:\n\n\d{6}\n/);
    expect(code!.links).toEqual([]);
  });

  it("takes e-mail in Resend's API shape, with its key, its errors and its idempotency", async () => {
    const key = inboxApiKey(DEFAULT_JWT_SECRET);
    const to = `api-${Date.now()}@example.com`;
    const post = async (headers: Record<string, string>, body: unknown) => {
      const response = await inbox('/emails', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
      return { status: response.status, json: (await response.json()) as Record<string, unknown> };
    };
    const email = {
      from: 'AI Made Simple <billing@shop.example.com>',
      to: [to],
      subject: 'Hello',
      text: 'Hi',
      html: '<p>Hi</p>',
    };
    expect(await post({}, email)).toEqual({
      status: 401,
      json: {
        statusCode: 401,
        name: 'missing_api_key',
        message: 'Missing API key in the authorization header.',
      },
    });
    expect(await post({ Authorization: 'Bearer re_wrong' }, email)).toMatchObject({
      status: 403,
      json: { name: 'invalid_api_key' },
    });
    const auth = { Authorization: `Bearer ${key}` };
    expect(await post(auth, { ...email, subject: undefined })).toMatchObject({
      status: 422,
      json: { name: 'missing_required_field' },
    });
    expect(await post(auth, { ...email, to: ['not an address'] })).toMatchObject({
      status: 422,
      json: { name: 'validation_error' },
    });
    expect(await post({ ...auth, 'Idempotency-Key': 'k'.repeat(257) }, email)).toMatchObject({
      status: 400,
      json: { name: 'invalid_idempotency_key' },
    });

    const once = { ...auth, 'Idempotency-Key': `welcome:${to}` };
    const first = await post(once, email);
    expect(first.status).toBe(200);
    expect(first.json.id).toEqual(expect.any(String));
    // The same request again (a retry after a lost answer): the first id, and no second message.
    expect(await post(once, email)).toEqual(first);
    expect(await post(once, { ...email, subject: 'Changed' })).toMatchObject({
      status: 409,
      json: { name: 'invalid_idempotent_request' },
    });
    const [message, ...others] = await mailTo(backend, to);
    expect(others).toEqual([]);
    expect(message).toMatchObject({ from: email.from, subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' });
  });

  it('escapes what an address or a subject could smuggle into the page', async () => {
    // GoTrue's address format keeps < and > out of an address, not ' or &, which an attribute must escape.
    const odd = `o'hara&co-${Date.now()}@example.com`;
    const signUp = await backend.anon().auth.signUp({ email: odd, password: 'Passw0rdOk' });
    expect(signUp.error).toBeNull();
    await backend.anon().auth.resetPasswordForEmail(odd);
    const [reset] = await mailTo(backend, odd);
    // A subject is free text: the e-mail API (Resend's shape) takes what a caller writes.
    const to = `subject-${Date.now()}@example.com`;
    const sent = await inbox('/emails', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${inboxApiKey(DEFAULT_JWT_SECRET)}`,
      },
      body: JSON.stringify({
        from: 'shop@example.com',
        to: [to],
        subject: '<svg/onload=alert(1)>',
        text: 'Hi',
      }),
    });
    expect(sent.status).toBe(200);
    const [hostile] = await mailTo(backend, to);
    const pages = await Promise.all(
      ['/', `/messages/${reset!.id}`, `/messages/${hostile!.id}`].map((route) => inbox(route)),
    );
    const html = (await Promise.all(pages.map((p) => p.text()))).join('');
    expect(html).not.toContain('<svg/onload');
    expect(html).toContain('&#60;svg/onload=alert(1)&#62;');
    expect(html).not.toContain("o'hara&co");
    expect(html).toContain('o&#39;hara&#38;co-');
  });
});
