// What an e-mail says, and how it is written as text and as HTML (everything escaped); GoTrue's e-mails with its
// default subjects and texts (internal/mailer/template.go): a link to the API's /verify and the same code to
// type in, or a code alone for reauthentication.
import type { OutgoingMail } from './store';
import { escapeHtml } from './escape-html';

/** An e-mail as a route composes it; Mailer.send renders and delivers it. */
export interface Mail {
  subject: string;
  heading: string;
  paragraphs: string[];
  /** The one action of the e-mail (a GoTrue e-mail's /verify link). */
  link?: { label: string; url: string };
  /** A code to type in: "Alternatively, enter the code" under a link, "Enter the code" alone. */
  code?: string;
}

export function render(to: string, mail: Mail): OutgoingMail {
  const codeLabel = mail.link ? 'Alternatively, enter the code' : 'Enter the code';
  const text = [
    mail.heading,
    ...(mail.paragraphs.length ? [mail.paragraphs.join('\n')] : []),
    ...(mail.link ? [`${mail.link.label}: ${mail.link.url}`] : []),
    ...(mail.code ? [`${codeLabel}: ${mail.code}`] : []),
  ].join('\n\n');
  const html = [
    `<h2>${escapeHtml(mail.heading)}</h2>`,
    ...mail.paragraphs.map((line) => `<p>${escapeHtml(line)}</p>`),
    ...(mail.link
      ? [`<p><a href="${escapeHtml(mail.link.url)}">${escapeHtml(mail.link.label)}</a></p>`]
      : []),
    ...(mail.code ? [`<p>${codeLabel}: ${escapeHtml(mail.code)}</p>`] : []),
  ].join('\n');
  return { to, subject: mail.subject, text: `${text}\n`, html };
}

export const confirmationMail = (link: string, code: string): Mail => ({
  subject: 'Confirm Your Email',
  heading: 'Confirm your email',
  paragraphs: ['Follow this link to confirm your email:'],
  link: { label: 'Confirm your email address', url: link },
  code,
});

export const recoveryMail = (link: string, code: string): Mail => ({
  subject: 'Reset Your Password',
  heading: 'Reset password',
  paragraphs: ['Follow this link to reset the password for your user:'],
  link: { label: 'Reset password', url: link },
  code,
});

/** A one-time sign-in (POST /otp, supabase-js's signInWithOtp) for a confirmed user. */
export const magicLinkMail = (link: string, code: string): Mail => ({
  subject: 'Your Magic Link',
  heading: 'Magic Link',
  paragraphs: ['Follow this link to login:'],
  link: { label: 'Log In', url: link },
  code,
});

/** Sent to the new address, and with double_confirm_changes to the current one too. */
export const emailChangeMail = (link: string, code: string, email: string, newEmail: string): Mail => ({
  subject: 'Confirm Email Change',
  heading: 'Confirm email address change',
  paragraphs: [`Follow this link to confirm the update of your email address from ${email} to ${newEmail}:`],
  link: { label: 'Change email address', url: link },
  code,
});

/** GoTrue's reauthentication e-mail: a code only, which PUT /user takes as `nonce`. */
export const reauthenticationMail = (code: string): Mail => ({
  subject: 'Confirm reauthentication',
  heading: 'Confirm reauthentication',
  paragraphs: [],
  code,
});

/** GoTrue's invitation (POST /invite): its link confirms the address and signs the invited user in. */
export const inviteMail = (link: string, code: string): Mail => ({
  subject: 'You have been invited',
  heading: 'You have been invited',
  paragraphs: ['You have been invited to create a user. Follow this link to accept the invite:'],
  link: { label: 'Accept the invite', url: link },
  code,
});
