// The local mail catcher's store: every e-mail auth sends is a row of inbucket.messages (src/db/bootstrap.sql),
// so the inbox survives restarts with the data folder (or lives in the PostgreSQL database of DATABASE_URL).
import type { Queryable } from '../db/database';

const SENDER = 'Admin <admin@email.com>';

export interface OutgoingMail {
  /** The sender; auth's e-mails come from the Supabase CLI's catcher's default. */
  from?: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface StoredMail extends OutgoingMail {
  id: number;
  from: string;
  createdAt: string;
}

interface MessageRow {
  id: string | number;
  sender: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: Date | string;
}

const fromRow = (row: MessageRow): StoredMail => ({
  id: Number(row.id),
  from: row.sender,
  to: row.recipient,
  subject: row.subject,
  text: row.text_body,
  html: row.html_body,
  createdAt: new Date(row.created_at).toISOString(),
});

/**
 * Delivers one e-mail to the catcher (in the caller's transaction: a rolled-back request sends nothing) and
 * returns its id. `sent` records the e-mail API request it came from (src/mail/provider.ts).
 */
export async function deliver(
  db: Queryable,
  mail: OutgoingMail,
  sent: { idempotencyKey: string; requestHash: string } | null = null,
): Promise<number> {
  const result = await db.query<{ id: string }>(
    `insert into inbucket.messages (sender, recipient, subject, text_body, html_body, idempotency_key, request_hash)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [
      mail.from ?? SENDER,
      mail.to,
      mail.subject,
      mail.text,
      mail.html,
      sent?.idempotencyKey,
      sent?.requestHash,
    ],
  );
  return Number(result.rows[0]!.id);
}

/** The newest messages first, optionally only those to one address (compared without case). */
export async function listMail(
  db: Queryable,
  options: { to?: string; limit: number },
): Promise<StoredMail[]> {
  const rows = options.to
    ? await db.query<MessageRow>(
        'select * from inbucket.messages where lower(recipient) = lower($1) order by id desc limit $2',
        [options.to, options.limit],
      )
    : await db.query<MessageRow>('select * from inbucket.messages order by id desc limit $1', [
        options.limit,
      ]);
  return rows.rows.map(fromRow);
}

export async function countMail(db: Queryable): Promise<number> {
  return Number((await db.query<{ n: string }>('select count(*) as n from inbucket.messages')).rows[0]!.n);
}

export async function findMail(db: Queryable, id: number): Promise<StoredMail | undefined> {
  const row = (await db.query<MessageRow>('select * from inbucket.messages where id = $1', [id])).rows[0];
  return row && fromRow(row);
}

export async function clearMail(db: Queryable): Promise<void> {
  await db.query('delete from inbucket.messages');
}
