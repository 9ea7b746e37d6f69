// The one mail module. Every e-mail the service sends goes through Mailer.send: it is rendered (a heading, its
// paragraphs, a link and a code, as text and HTML: templates.ts holds GoTrue's) and delivered to the local inbox
// (store.ts, served by the inbox routes of src/routes.ts) inside the caller's transaction, so a request that fails
// sends nothing. To send one from a new route:
//
//   await service.mail.send(tx, customer.email, {
//     subject: 'Your order', heading: 'Thank you for your order', paragraphs: ['Order #1a2b3c4d: €899.00'],
//     link: { label: 'See your order', url: `${siteUrl}/account?tab=orders` },
//   });
//
// GoTrue's own e-mails also count against `[auth.rate_limit] email_sent` (mail.budget.take()).
import type { Queryable } from '../db/database';
import { AuthError } from '../errors';
import {
  renderAuthTemplate,
  type AuthTemplateKind,
  type AuthTemplates,
  type TemplateValues,
} from './auth-templates';
import { deliver } from './store';
import { render, type Mail } from './templates';

/**
 * `[auth.rate_limit] email_sent`: e-mails per hour for the whole project (GoTrue's limiter has one key,
 * "email_functions", for every client). Every request that may send one counts, whether or not the address has
 * an account, so the 429 reveals nothing about which addresses are registered.
 */
export class EmailBudget {
  private sent: number[] = [];
  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  take(): void {
    const now = Date.now();
    this.sent = this.sent.filter((at) => at > now - this.windowMs);
    if (this.sent.length >= this.max)
      throw new AuthError(429, 'over_email_send_rate_limit', 'Email rate limit exceeded');
    this.sent.push(now);
  }
}

export class Mailer {
  constructor(
    readonly budget: EmailBudget,
    /** config.toml's auth e-mails ([auth.email.template.<kind>], src/mail/auth-templates.ts). */
    private readonly templates: AuthTemplates = {},
  ) {}

  /** Renders `mail` and delivers it to `to`, in the caller's transaction. */
  async send(tx: Queryable, to: string, mail: Mail): Promise<void> {
    await deliver(tx, render(to, mail));
  }

  /** An auth e-mail: config.toml's template of `kind` with `values` when it has one, else GoTrue's `fallback`. */
  async sendAuth(
    tx: Queryable,
    kind: AuthTemplateKind,
    to: string,
    values: TemplateValues,
    fallback: Mail,
  ): Promise<void> {
    const template = this.templates[kind];
    await deliver(tx, template ? renderAuthTemplate(template, to, values) : render(to, fallback));
  }
}
