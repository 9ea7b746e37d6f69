// The auth e-mails of supabase/config.toml (`[auth.email.template.<kind>]`: a subject and a content_path, as the
// Supabase CLI reads them and `supabase config push` uploads them), rendered as GoTrue renders them: the file is a
// Go template over {{ .ConfirmationURL }}, {{ .Token }}, {{ .TokenHash }}, {{ .SiteURL }}, {{ .RedirectTo }},
// {{ .Email }} and {{ .NewEmail }}, its values HTML-escaped, and the text part is made from the HTML. Only those
// variables are understood here (no {{ if }} or pipelines): anything else in a file stops the start, naming it.
import fs from 'node:fs';
import path from 'node:path';
import type { OutgoingMail } from './store';
import { escapeHtml } from './escape-html';

export const AUTH_TEMPLATE_KINDS = [
  'invite',
  'confirmation',
  'recovery',
  'magic_link',
  'email_change',
  'reauthentication',
] as const;
export type AuthTemplateKind = (typeof AUTH_TEMPLATE_KINDS)[number];

export interface AuthTemplate {
  subject: string;
  html: string;
}

export type AuthTemplates = Partial<Record<AuthTemplateKind, AuthTemplate>>;

const VARIABLES = [
  'ConfirmationURL',
  'Token',
  'TokenHash',
  'SiteURL',
  'RedirectTo',
  'Email',
  'NewEmail',
] as const;
export type TemplateValues = Partial<Record<(typeof VARIABLES)[number], string>>;

const ACTION = /\{\{-?\s*(.*?)\s*-?\}\}/g;

/** Why `html` cannot be rendered here (a construct other than `{{ .Variable }}`), or null. */
function checkTemplate(html: string): string | null {
  for (const [, action] of html.matchAll(ACTION)) {
    const name = /^\.([A-Za-z]+)$/.exec(action ?? '')?.[1];
    if (!name || !(VARIABLES as readonly string[]).includes(name))
      return `{{ ${action} }} is not one of ${VARIABLES.map((v) => `{{ .${v} }}`).join(', ')}`;
  }
  return null;
}

export const isAuthTemplateKind = (kind: string): kind is AuthTemplateKind =>
  (AUTH_TEMPLATE_KINDS as readonly string[]).includes(kind);

/** GoTrue's subjects, for a template that names none. */
export const DEFAULT_SUBJECTS: Record<AuthTemplateKind, string> = {
  invite: 'You have been invited',
  confirmation: 'Confirm Your Email',
  recovery: 'Reset Your Password',
  magic_link: 'Your Magic Link',
  email_change: 'Confirm Email Change',
  reauthentication: 'Confirm reauthentication',
};

/**
 * The file `content_path` names, resolved as the CLI resolves it (relative to the project folder, the one holding
 * supabase/), or why it cannot be used.
 */
export function loadTemplate(supabaseDir: string, contentPath: string): { html: string } | string {
  const file = path.resolve(path.dirname(supabaseDir), contentPath);
  let html: string;
  try {
    html = fs.readFileSync(file, 'utf8');
  } catch (error) {
    return `cannot read ${file} (${(error as NodeJS.ErrnoException).code})`;
  }
  const problem = checkTemplate(html);
  return problem ? `${file}: ${problem}` : { html };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
const decode = (text: string) =>
  text.replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (entity, name: string) =>
    name.startsWith('#x') || name.startsWith('#X')
      ? String.fromCodePoint(parseInt(name.slice(2), 16))
      : name.startsWith('#')
        ? String.fromCodePoint(Number(name.slice(1)))
        : (ENTITIES[name.toLowerCase()] ?? entity),
  );

/** The text part of an HTML e-mail, as GoTrue sends one beside it: blocks as paragraphs, links as "label: URL". */
function htmlToText(html: string): string {
  return decode(
    html
      .replace(/<a\b[^>]*\bhref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_m, href: string, label: string) => {
        const words = label.replace(/<[^>]*>/g, '').trim();
        return words && words !== href ? `${words}: ${href}` : href;
      })
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/(p|h[1-6]|div|li|tr|table)>/gi, '\n\n')
      .replace(/<[^>]*>/g, ''),
  )
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .concat('\n');
}

/** The e-mail `template` makes for `to` with `values`. */
export function renderAuthTemplate(template: AuthTemplate, to: string, values: TemplateValues): OutgoingMail {
  const html = template.html.replace(ACTION, (_m, action: string) =>
    escapeHtml(values[action.slice(1) as keyof TemplateValues] ?? ''),
  );
  return { to, subject: template.subject, html, text: htmlToText(html) };
}
