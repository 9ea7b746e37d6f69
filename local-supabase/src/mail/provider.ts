// The local inbox as an e-mail provider: `POST /emails` in the shape of Resend's HTTP API
// (https://resend.com/docs/api-reference/emails/send-email), which the Edge Functions use to send mail (hosted
// Edge Functions cannot open SMTP ports). Locally their RESEND_API_URL is the inbox (src/functions/runtime.ts), so
// what they send lands here, one message per recipient. As Resend: a Bearer key (missing: 401 missing_api_key;
// wrong: 403 invalid_api_key), errors `{ statusCode, name, message }`, and `Idempotency-Key` honoured for 24 hours:
// the same key and body again answer the first message's id and store nothing; the same key with another body is
// 409 invalid_idempotent_request.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { Database } from '../db/database';
import type { Handler } from '../service';
import { deliver } from './store';

/** The key local-supabase gives its functions for the inbox: derived from the JWT secret, so stable across starts. */
export const inboxApiKey = (jwtSecret: string): string =>
  `re_local_${createHmac('sha256', jwtSecret).update('local inbox e-mail API').digest('hex').slice(0, 32)}`;

class ProviderError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const send = (reply: FastifyReply, error: ProviderError) =>
  reply
    .status(error.statusCode)
    .send({ statusCode: error.statusCode, name: error.code, message: error.message });

interface EmailRequest {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
}

const MAX_RECIPIENTS = 50;

function parseRequest(body: unknown): EmailRequest {
  const invalid = (message: string) => new ProviderError(422, 'validation_error', message);
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw invalid('The body must be an object.');
  const { from, to, subject, text, html } = body as Record<string, unknown>;
  for (const [field, value] of Object.entries({ from, to, subject }))
    if (value === undefined || value === null || value === '')
      throw new ProviderError(422, 'missing_required_field', `The \`${field}\` field is missing.`);
  if (typeof from !== 'string' || !/^(.*<)?[^<>@\s]+@[^<>@\s]+>?$/.test(from.trim()))
    throw invalid(
      'Invalid `from` field. The email address needs to follow the `email@example.com` or `Name <email@example.com>` format.',
    );
  const recipients = Array.isArray(to) ? to : [to];
  if (recipients.length > MAX_RECIPIENTS) throw invalid(`Too many recipients: at most ${MAX_RECIPIENTS}.`);
  if (!recipients.every((r) => typeof r === 'string' && /^[^<>@\s]+@[^<>@\s]+$/.test(r)))
    throw invalid('Invalid `to` field. The email address needs to follow the `email@example.com` format.');
  if (typeof subject !== 'string') throw invalid('The `subject` field must be a string.');
  if (text !== undefined && typeof text !== 'string') throw invalid('The `text` field must be a string.');
  if (html !== undefined && typeof html !== 'string') throw invalid('The `html` field must be a string.');
  if (!text && !html)
    throw new ProviderError(422, 'missing_required_field', 'Missing `html` or `text` field.');
  return { from: from.trim(), to: recipients as string[], subject, text: text ?? '', html: html ?? '' };
}

function checkKey(authorization: string | undefined, key: string): void {
  const given = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
  if (!given) throw new ProviderError(401, 'missing_api_key', 'Missing API key in the authorization header.');
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(key).digest();
  if (!timingSafeEqual(a, b)) throw new ProviderError(403, 'invalid_api_key', 'API key is invalid');
}

/** Sends `request` once per key: the id of the message it made, now or within the last 24 hours. */
async function deliverOnce(db: Database, request: EmailRequest, key: string | undefined): Promise<string> {
  if (key === undefined) {
    const ids = await Promise.all(request.to.map((to) => deliver(db, { ...request, to })));
    return String(ids[0]);
  }
  const hash = createHash('sha256').update(JSON.stringify(request)).digest('hex');
  return db.transaction(async (tx) => {
    // One request per key at a time, so two at once cannot both send.
    await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`inbox-idempotency:${key}`]);
    const earlier = (
      await tx.query<{ id: string; request_hash: string }>(
        `select id, request_hash from inbucket.messages
         where idempotency_key = $1 and created_at > now() - interval '24 hours' order by id limit 1`,
        [key],
      )
    ).rows[0];
    if (earlier) {
      if (earlier.request_hash !== hash)
        throw new ProviderError(
          409,
          'invalid_idempotent_request',
          'Same idempotency key used with a different request payload. Change your idempotency key or payload.',
        );
      return String(earlier.id);
    }
    const ids: number[] = [];
    for (const to of request.to)
      ids.push(await deliver(tx, { ...request, to }, { idempotencyKey: key, requestHash: hash }));
    return String(ids[0]);
  });
}

/** `POST /emails` on the inbox's port: one e-mail, answered as Resend answers (its errors too, whatever fails). */
export const sendEmail: Handler = async (request, reply, { db, auth }) => {
  try {
    checkKey(request.headers.authorization, inboxApiKey(auth.secret));
    const key = request.headers['idempotency-key'];
    if (key !== undefined && (typeof key !== 'string' || key.length < 1 || key.length > 256))
      throw new ProviderError(400, 'invalid_idempotency_key', 'The key must be between 1-256 chars.');
    const id = await deliverOnce(db, parseRequest(request.body), key);
    return reply.status(200).send({ id });
  } catch (error) {
    if (error instanceof ProviderError) return send(reply, error);
    request.log.error(error);
    return send(reply, new ProviderError(500, 'application_error', 'An unexpected error occurred.'));
  }
};
