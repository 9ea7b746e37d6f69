// The e-mails GoTrue sends, with its default subjects and texts (internal/mailer/template.go): a link to the
// API's /verify and the same code to type in.
import type { OutgoingMail } from './store';

export type MailKind = 'confirmation' | 'recovery' | 'email_change_new' | 'email_change_current';

export interface MailContent {
  to: string;
  /** The link to /verify that completes the action. */
  link: string;
  /** The one-time code of the same token. */
  code: string;
  /** For an e-mail change: the current and the new address. */
  email?: string;
  newEmail?: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function compose(
  to: string,
  subject: string,
  heading: string,
  lines: string[],
  action: string,
  link: string,
  code: string,
): OutgoingMail {
  const text = [
    heading,
    '',
    ...lines,
    '',
    `${action}: ${link}`,
    '',
    `Alternatively, enter the code: ${code}`,
    '',
  ].join('\n');
  const html = [
    `<h2>${escapeHtml(heading)}</h2>`,
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>`,
    `<p>Alternatively, enter the code: ${escapeHtml(code)}</p>`,
  ].join('\n');
  return { to, subject, text, html };
}

export function composeMail(kind: MailKind, content: MailContent): OutgoingMail {
  const { to, link, code } = content;
  switch (kind) {
    case 'confirmation':
      return compose(
        to,
        'Confirm Your Email',
        'Confirm your email',
        ['Follow this link to confirm your email:'],
        'Confirm your email address',
        link,
        code,
      );
    case 'recovery':
      return compose(
        to,
        'Reset Your Password',
        'Reset password',
        ['Follow this link to reset the password for your user:'],
        'Reset password',
        link,
        code,
      );
    case 'email_change_new':
    case 'email_change_current':
      return compose(
        to,
        'Confirm Email Change',
        'Confirm email address change',
        [
          `Follow this link to confirm the update of your email address from ${content.email} to ${content.newEmail}:`,
        ],
        'Change email address',
        link,
        code,
      );
  }
}

/** GoTrue's reauthentication e-mail: a code only, which PUT /user takes as `nonce`. */
export function reauthenticationMail(to: string, code: string): OutgoingMail {
  return {
    to,
    subject: 'Confirm reauthentication',
    text: `Confirm reauthentication\n\nEnter the code: ${code}\n`,
    html: `<h2>Confirm reauthentication</h2>\n<p>Enter the code: ${escapeHtml(code)}</p>`,
  };
}
