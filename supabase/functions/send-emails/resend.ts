// The provider: Resend's HTTP e-mail API (POST /emails, https://resend.com/docs/api-reference/emails/send-email),
// with the outbox row's key as `Idempotency-Key`: Resend answers a repeated key within 24 hours with the first
// send's result and sends nothing again. Locally RESEND_API_URL points at local-supabase's inbox, which speaks the
// same API.
import type { RenderedEmail } from './layout.ts';

export type SendOutcome =
  | { ok: true; id: string }
  /** permanent: the provider refused the message itself, so trying again cannot help. */
  | { ok: false; error: string; retryAfterSeconds: number | null; permanent: boolean };

export interface Provider {
  send(from: string, to: string, email: RenderedEmail, idempotencyKey: string): Promise<SendOutcome>;
}

const TIMEOUT_MS = 15_000;

/** Resend's error body: `{ statusCode, name, message }`. */
interface ProviderError {
  name?: string;
  message?: string;
}

export function resend(options: { apiUrl: string; apiKey: string; fetch?: typeof fetch }): Provider {
  const doFetch = options.fetch ?? fetch;
  const endpoint = `${options.apiUrl.replace(/\/+$/, '')}/emails`;
  return {
    async send(from, to, email, idempotencyKey) {
      let response: Response;
      try {
        response = await doFetch(endpoint, {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${options.apiKey}`,
            'Content-Type': 'application/json',
            'Idempotency-Key': idempotencyKey,
          },
          body: JSON.stringify({
            from,
            to: [to],
            subject: email.subject,
            html: email.html,
            text: email.text,
            ...(email.replyTo ? { reply_to: email.replyTo } : {}),
          }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        // No answer: it may or may not have been sent; the same key on the next try settles it.
        return {
          ok: false,
          error: `no answer from the provider: ${String(error)}`,
          retryAfterSeconds: null,
          permanent: false,
        };
      }
      const body = (await response.json().catch(() => ({}))) as ProviderError & { id?: string };
      if (response.ok && typeof body.id === 'string') return { ok: true, id: body.id };
      // The key was used before with another body (a template changed between two tries): that first request
      // reached the provider, so the e-mail went out then. Sending it again under a new key would send it twice.
      if (response.status === 409 && body.name === 'invalid_idempotent_request')
        return { ok: true, id: 'sent-before' };
      const retryAfter = Number(response.headers.get('retry-after'));
      return {
        ok: false,
        error: `${response.status}${body.name ? ` ${body.name}` : ''}: ${body.message || response.statusText || 'no reason given'}`,
        retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? Math.ceil(retryAfter) : null,
        // 400/422: the message itself (an address, a field) is refused. Keys, domains, quotas, rate limits and the
        // provider's own failures may pass later.
        permanent: response.status === 400 || response.status === 422,
      };
    },
  };
}
