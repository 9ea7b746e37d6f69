// One run of the sender: claim due outbox rows (public.claim_emails: `for update skip locked` with a lease, so two
// runs at once never take the same row), render each, send it with its idempotency key, record the outcome. A row
// is marked sent only after the provider accepted it; if that mark fails, the row's lease runs out and a later run
// sends it again with the same key, which the provider answers without sending twice (within its 24 hours: the
// outbox stops retrying before then, supabase/migrations/20261128090000_email_outbox.sql).
import { render } from './layout.ts';
import { headerText } from './plain-text.ts';
import type { Provider } from './resend.ts';
import { compose, TemplateError } from './templates.ts';

export interface ClaimedEmail {
  id: number;
  template: string;
  recipient: string;
  payload: unknown;
  idempotency_key: string;
}

export interface Outbox {
  claim(batchSize: number): Promise<ClaimedEmail[]>;
  markSent(id: number): Promise<void>;
  markFailed(id: number, error: string, retryAfterSeconds: number | null, permanent: boolean): Promise<void>;
}

export interface RunOptions {
  /** "Name <address>": the agency's name and its sending address. */
  from: string;
  batchSize: number;
  /** How many claims one run may make: 1 for a client's call, more for the sweep. */
  rounds: number;
  /** No new claim after this time (ms since the epoch). */
  deadline: number;
  now?: () => number;
}

export interface RunSummary {
  sent: number;
  failed: number;
}

/** The display name of a From address: 'AI Made Simple <billing@…>' -> 'AI Made Simple'. */
export const senderName = (from: string): string => /^\s*"?([^"<]*?)"?\s*</.exec(from)?.[1] || from;

/** EMAIL_FROM's address (the one verified with the provider) under `name`, quoted where RFC 5322 needs it. */
export function fromAs(from: string, rawName: string): string {
  const name = headerText(rawName);
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from.trim();
  const display = /^[\w !#$%&'*+\-/=?^`{|}~]+$/.test(name) ? name : `"${name.replace(/["\\]/g, '\\$&')}"`;
  return `${display} <${address}>`;
}

export async function sendDue(outbox: Outbox, provider: Provider, options: RunOptions): Promise<RunSummary> {
  const now = options.now ?? Date.now;
  const summary: RunSummary = { sent: 0, failed: 0 };
  const signature = senderName(options.from);
  for (let round = 0; round < options.rounds && now() < options.deadline; round += 1) {
    const rows = await outbox.claim(options.batchSize);
    for (const row of rows) {
      let outcome;
      try {
        const email = render(compose(row.template, row.payload), signature);
        const from = email.senderName ? fromAs(options.from, email.senderName) : options.from;
        outcome = await provider.send(from, row.recipient, email, row.idempotency_key);
      } catch (error) {
        if (!(error instanceof TemplateError)) throw error;
        outcome = { ok: false as const, error: error.message, retryAfterSeconds: null, permanent: true };
      }
      if (outcome.ok) {
        await outbox.markSent(row.id);
        summary.sent += 1;
      } else {
        await outbox.markFailed(row.id, outcome.error, outcome.retryAfterSeconds, outcome.permanent);
        summary.failed += 1;
      }
    }
    if (rows.length < options.batchSize) break;
  }
  return summary;
}
