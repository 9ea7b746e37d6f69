// send-emails: sends what the e-mail outbox holds (private.email_outbox, queued by the database in the same
// transaction as each order, booking and confirmed call). Called by the browser after such an event and by the
// scheduled sweep; handler.ts says who may call it and what each caller gets, sender.ts how e-mails are sent once.
//
// Secrets (`supabase secrets set`, or supabase/functions/.env locally; README, "Deploying"): RESEND_API_KEY,
// EMAIL_FROM, and RESEND_API_URL (default https://api.resend.com). SUPABASE_URL and the project's keys are set by
// Supabase itself.
import { createClient } from '@supabase/supabase-js';
import { createHandler, type Keys } from './handler.ts';
import { resend } from './resend.ts';
import { sendDue, type ClaimedEmail, type Outbox } from './sender.ts';

const env = (name: string) => Deno.env.get(name)?.trim() || undefined;

/** SUPABASE_PUBLISHABLE_KEYS / SUPABASE_SECRET_KEYS: JSON objects of named keys. */
function namedKeys(name: string): string[] {
  const raw = env(name);
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null
      ? Object.values(parsed).filter((key): key is string => typeof key === 'string' && key !== '')
      : [];
  } catch {
    return [];
  }
}

const present = (...keys: (string | undefined)[]) => keys.filter((key): key is string => !!key);

const keys: Keys = {
  client: present(env('SUPABASE_ANON_KEY'), ...namedKeys('SUPABASE_PUBLISHABLE_KEYS')),
  sweep: present(env('SUPABASE_SERVICE_ROLE_KEY'), ...namedKeys('SUPABASE_SECRET_KEYS')),
};
const serviceKey = namedKeys('SUPABASE_SECRET_KEYS')[0] ?? env('SUPABASE_SERVICE_ROLE_KEY');
const from = env('EMAIL_FROM');
const apiKey = env('RESEND_API_KEY');
const missing = [
  ['SUPABASE_URL', env('SUPABASE_URL')],
  ['a service role or secret key', serviceKey],
  ['EMAIL_FROM', from],
  ['RESEND_API_KEY', apiKey],
].filter(([, value]) => !value);

const database = createClient(env('SUPABASE_URL') ?? 'http://unset', serviceKey ?? 'unset', {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
});

const outbox: Outbox = {
  async claim(batchSize) {
    const { data, error } = await database.rpc('claim_emails', { batch_size: batchSize });
    if (error) throw new Error(`claim_emails: ${error.message}`);
    return (data ?? []) as ClaimedEmail[];
  },
  async markSent(id) {
    const { error } = await database.rpc('mark_email_sent', { email_id: id });
    if (error) throw new Error(`mark_email_sent: ${error.message}`);
  },
  async markFailed(id, message, retryAfterSeconds, permanent) {
    const { error } = await database.rpc('mark_email_failed', {
      email_id: id,
      error: message,
      retry_after_seconds: retryAfterSeconds,
      permanent,
    });
    if (error) throw new Error(`mark_email_failed: ${error.message}`);
  },
};

const provider = resend({ apiUrl: env('RESEND_API_URL') ?? 'https://api.resend.com', apiKey: apiKey ?? '' });

Deno.serve(
  createHandler({
    keys,
    misconfigured: missing.length ? `not set: ${missing.map(([name]) => name).join(', ')}` : null,
    run: (caller) =>
      sendDue(outbox, provider, {
        from: from ?? '',
        batchSize: 10,
        rounds: caller === 'sweep' ? 20 : 1,
        deadline: Date.now() + (caller === 'sweep' ? 60_000 : 20_000),
      }),
  }),
);
