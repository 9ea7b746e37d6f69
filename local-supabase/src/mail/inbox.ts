// The local inbox the developer opens in the browser (the Supabase CLI's mail catcher on [local_smtp] port): a page
// listing the e-mails the service sent, newest first, a page for each with its links clickable, and a JSON API the
// end-to-end tests read the links from. Its messages hold sign-in links, so it listens on loopback only (whatever
// HOST says: src/server.ts), answers only requests addressed to localhost (a DNS-rebinding page names its own
// host), and takes writes only from its own pages (a cross-site form could empty it).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Handler } from '../service';
import { escapeHtml } from './escape-html';
import { linksOf, listPage, messagePage, page } from './inbox-pages';
import { clearMail, countMail, findMail, listMail, type StoredMail } from './store';

const LIST_LIMIT = 200;

const summary = (m: StoredMail) => ({
  id: m.id,
  from: m.from,
  to: m.to,
  subject: m.subject,
  created_at: m.createdAt,
  snippet: m.text.slice(0, 200),
});

/** An id as the URL names it: a positive integer, or nothing (so a wrong one is a 404, never a database error). */
function idOf(request: FastifyRequest): number | null {
  const raw = (request.params as { id: string }).id;
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
export async function checkInboxRequest(request: FastifyRequest): Promise<void> {
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

/** An error in the inbox's shape: `{ error }` on the API, a page elsewhere. */
export function sendInboxFailure(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const status = (error as { statusCode?: number }).statusCode ?? 500;
  const message = status < 500 ? (error as Error).message : 'The inbox could not read its messages';
  if (request.url.startsWith('/api/')) return reply.status(status).send({ error: message });
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .send(
      page('Error - Local inbox', `<h1>${escapeHtml(message)}</h1><p><a href="/">Back to the inbox</a></p>`),
    );
}

export function inboxNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (request.url.startsWith('/api/')) return reply.status(404).send({ error: 'Not found' });
  return reply
    .status(404)
    .type('text/html; charset=utf-8')
    .send(page('Not found - Local inbox', '<h1>Not found</h1><p><a href="/">Back to the inbox</a></p>'));
}

export const inboxPage: Handler = async (_request, reply, { db }) => {
  const [messages, total] = await Promise.all([listMail(db, { limit: LIST_LIMIT }), countMail(db)]);
  return reply.type('text/html; charset=utf-8').send(listPage(messages, total));
};

export const messageView: Handler = async (request, reply, { db }) => {
  const id = idOf(request);
  const message = id === null ? undefined : await findMail(db, id);
  if (!message) return inboxNotFound(request, reply);
  return reply.type('text/html; charset=utf-8').send(messagePage(message));
};

/** The page's "Delete all messages" button. */
export const clearFromPage: Handler = async (_request, reply, { db }) => {
  await clearMail(db);
  return reply.redirect('/', 303);
};

export const listMessages: Handler = async (request, _reply, { db }) => {
  const { to, limit } = request.query as { to?: string; limit?: string };
  const count = limit !== undefined && /^\d{1,4}$/.test(limit) ? Math.max(1, Number(limit)) : LIST_LIMIT;
  // An address PostgreSQL cannot hold (a NUL) matches no message.
  if (typeof to === 'string' && (to.includes('\0') || !to.isWellFormed()))
    return { total: await countMail(db), count: 0, messages: [] };
  const messages = await listMail(db, { to: typeof to === 'string' && to ? to : undefined, limit: count });
  return { total: await countMail(db), count: messages.length, messages: messages.map(summary) };
};

export const getMessage: Handler = async (request, reply, { db }) => {
  const id = idOf(request);
  const message = id === null ? undefined : await findMail(db, id);
  if (!message) return reply.status(404).send({ error: 'Not found' });
  return { ...summary(message), text: message.text, html: message.html, links: linksOf(message.text) };
};

export const deleteMessages: Handler = async (_request, reply, { db }) => {
  await clearMail(db);
  return reply.status(204).send();
};
