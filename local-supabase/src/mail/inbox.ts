// The local inbox the developer opens in the browser (the Supabase CLI's mail catcher on [inbucket] port): a page
// listing the e-mails auth sent, newest first, a page for each with its links clickable, and a JSON API the
// end-to-end tests read the links from. Its messages hold sign-in links, so it listens on loopback only (whatever
// HOST says: src/server.ts), answers only requests addressed to localhost (a DNS-rebinding page names its own
// host), and takes writes only from its own pages (a cross-site form could empty it).
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { Database } from '../db/database';
import { clearMail, countMail, findMail, listMail, type StoredMail } from './store';

const LIST_LIMIT = 200;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const LINK = /https?:\/\/[^\s<>"]+/g;

/** The links of a text e-mail, in order. */
const linksOf = (text: string): string[] => text.match(LINK) ?? [];

/** A text body as HTML: escaped, its URLs made links. */
function linkify(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    html += escapeHtml(text.slice(last, match.index));
    html += `<a href="${escapeHtml(match[0])}">${escapeHtml(match[0])}</a>`;
    last = match.index + match[0].length;
  }
  return html + escapeHtml(text.slice(last));
}

const time = (iso: string) =>
  `<time datetime="${iso}">${iso.replace('T', ' ').replace(/\.\d+Z$/, ' UTC')}</time>`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; color: #1a1a1a; background: #fff; }
  main { max-width: 60rem; margin: 0 auto; padding: 1.5rem; }
  a { color: #0b57d0; }
  a:focus-visible, button:focus-visible { outline: 3px solid #0b57d0; outline-offset: 2px; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: 0.5rem; border-bottom: 1px solid #d0d0d0; vertical-align: top; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; }
  dt { font-weight: 600; }
  pre { white-space: pre-wrap; word-break: break-all; background: #f4f4f4; padding: 1rem; border-radius: 4px; }
  button { font: inherit; padding: 0.4rem 0.9rem; }
  @media (max-width: 40rem) { th:nth-child(2), td:nth-child(2) { display: none; } }
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

function listPage(messages: StoredMail[], total: number): string {
  const rows = messages
    .map(
      (m) =>
        `<tr><td><a href="/messages/${m.id}">${escapeHtml(m.subject)}</a></td><td>${escapeHtml(m.to)}</td><td>${time(m.createdAt)}</td></tr>`,
    )
    .join('\n');
  const table = messages.length
    ? `<table>
<caption class="count">${total} ${total === 1 ? 'message' : 'messages'}, newest first</caption>
<thead><tr><th scope="col">Subject</th><th scope="col">To</th><th scope="col">Received</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
<form method="post" action="/clear"><p><button type="submit">Delete all messages</button></p></form>`
    : '<p>No messages yet. E-mails the local API sends (sign-up confirmation, password recovery, e-mail change) appear here.</p>';
  return page('Local inbox', `<h1>Local inbox</h1>\n${table}`);
}

function messagePage(m: StoredMail): string {
  return page(
    `${m.subject} - Local inbox`,
    `<p><a href="/">Back to the inbox</a></p>
<h1>${escapeHtml(m.subject)}</h1>
<dl>
<dt>From</dt><dd>${escapeHtml(m.from)}</dd>
<dt>To</dt><dd>${escapeHtml(m.to)}</dd>
<dt>Received</dt><dd>${time(m.createdAt)}</dd>
</dl>
<h2>Message</h2>
<pre>${linkify(m.text)}</pre>`,
  );
}

const summary = (m: StoredMail) => ({
  id: m.id,
  from: m.from,
  to: m.to,
  subject: m.subject,
  created_at: m.createdAt,
  snippet: m.text.slice(0, 200),
});

/** An id as the URL names it: a positive integer, or nothing (so a wrong one is a 404, never a database error). */
function idOf(raw: string): number | null {
  return /^\d{1,15}$/.test(raw) ? Number(raw) : null;
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

const refused = (message: string) => Object.assign(new Error(message), { statusCode: 403 });

/** The host a request names, without its port (`localhost:54324` is localhost, `[::1]:54324` is [::1]). */
const hostName = (host: string | undefined) => (host ?? '').replace(/:\d*$/, '').toLowerCase();

/**
 * Refuses a request addressed to another host, and a write whose page is not the inbox's own: an `Origin` other
 * than the inbox's, or a browser's `Sec-Fetch-Site` other than same-origin (a cross-site form sends both).
 */
function checkRequest(request: FastifyRequest): void {
  if (!LOOPBACK_NAMES.has(hostName(request.headers.host)))
    throw refused('This inbox answers only at localhost');
  if (request.method === 'GET' || request.method === 'HEAD') return;
  const { origin } = request.headers;
  const site = request.headers['sec-fetch-site'];
  const port = request.socket.localPort;
  const own = [...LOOPBACK_NAMES].map((name) => `http://${name}:${port}`);
  if (
    (origin !== undefined && !own.includes(origin)) ||
    (site !== undefined && site !== 'same-origin' && site !== 'none')
  )
    throw refused('The inbox can only be changed from its own page');
}

export function inboxApp(db: Database): FastifyInstance {
  const app = Fastify({ logger: false });
  app.addHook('onRequest', async (request) => checkRequest(request));
  // The form's "Delete all messages" posts urlencoded with an empty body.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, _b, done) =>
    done(null, undefined),
  );

  app.setErrorHandler((error, request, reply) => {
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    const message = status < 500 ? (error as Error).message : 'The inbox could not read its messages';
    if (request.url.startsWith('/api/')) return reply.status(status).send({ error: message });
    return reply
      .status(status)
      .type('text/html; charset=utf-8')
      .send(
        page(
          'Error - Local inbox',
          `<h1>${escapeHtml(message)}</h1><p><a href="/">Back to the inbox</a></p>`,
        ),
      );
  });
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/')) return reply.status(404).send({ error: 'Not found' });
    return reply
      .status(404)
      .type('text/html; charset=utf-8')
      .send(page('Not found - Local inbox', '<h1>Not found</h1><p><a href="/">Back to the inbox</a></p>'));
  });

  app.get('/', async (_request, reply) => {
    const [messages, total] = await Promise.all([listMail(db, { limit: LIST_LIMIT }), countMail(db)]);
    return reply.type('text/html; charset=utf-8').send(listPage(messages, total));
  });

  app.get<{ Params: { id: string } }>('/messages/:id', async (request, reply) => {
    const id = idOf(request.params.id);
    const message = id === null ? undefined : await findMail(db, id);
    if (!message) return reply.callNotFound();
    return reply.type('text/html; charset=utf-8').send(messagePage(message));
  });

  app.post('/clear', async (_request, reply) => {
    await clearMail(db);
    return reply.redirect('/', 303);
  });

  app.get<{ Querystring: { to?: string; limit?: string } }>('/api/v1/messages', async (request) => {
    const { to, limit } = request.query;
    const count = limit !== undefined && /^\d{1,4}$/.test(limit) ? Math.max(1, Number(limit)) : LIST_LIMIT;
    // An address PostgreSQL cannot hold (a NUL) matches no message.
    if (typeof to === 'string' && (to.includes('\0') || !to.isWellFormed()))
      return { total: await countMail(db), count: 0, messages: [] };
    const messages = await listMail(db, { to: typeof to === 'string' && to ? to : undefined, limit: count });
    return { total: await countMail(db), count: messages.length, messages: messages.map(summary) };
  });

  app.get<{ Params: { id: string } }>('/api/v1/messages/:id', async (request, reply) => {
    const id = idOf(request.params.id);
    const message = id === null ? undefined : await findMail(db, id);
    if (!message) return reply.status(404).send({ error: 'Not found' });
    return { ...summary(message), text: message.text, html: message.html, links: linksOf(message.text) };
  });

  app.delete('/api/v1/messages', async (_request, reply) => {
    await clearMail(db);
    return reply.status(204).send();
  });

  return app;
}
