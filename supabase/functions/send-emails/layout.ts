// One e-mail, written once as blocks and rendered twice: the plain text every client can show, and a simple HTML
// version (one column, inline styles, real links) that says exactly the same. The headers it gives (Subject, the
// From name) hold no control character or line break, whatever a payload held (plain-text.ts, headerText).
import { headerText } from './plain-text.ts';

export type Block =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  /** A call to action: a button in HTML, "label: url" in text. */
  | { kind: 'link'; label: string; url: string }
  /** Label/value lines: an order's lines and totals, a booking's details. */
  | { kind: 'rows'; rows: [string, string][] };

export interface Email {
  subject: string;
  blocks: Block[];
  /** Where a reply goes, when not to the sender (the agency's copies: to the customer). */
  replyTo?: string;
  /** The company it is sent for, when the payload names it: the From name, and the lines under the signature. */
  sender?: { name: string; imprint: string[] };
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** The company's name for the From header, when the payload named the company. */
  senderName?: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function textOf(block: Block): string {
  switch (block.kind) {
    case 'heading':
    case 'paragraph':
      return block.text;
    case 'link':
      return `${block.label}: ${block.url}`;
    case 'rows':
      return block.rows.map(([label, value]) => `${label}: ${value}`).join('\n');
  }
}

const FONT = 'font-family: Arial, Helvetica, sans-serif; color: #1a1a1a;';

function htmlOf(block: Block): string {
  switch (block.kind) {
    case 'heading':
      return `<h1 style="${FONT} font-size: 22px; margin: 0 0 16px;">${escapeHtml(block.text)}</h1>`;
    case 'paragraph':
      return `<p style="${FONT} font-size: 16px; line-height: 1.5; margin: 0 0 16px;">${escapeHtml(block.text)}</p>`;
    case 'link':
      return `<p style="margin: 0 0 16px;"><a href="${escapeHtml(block.url)}" style="${FONT} display: inline-block; background: #0b57d0; color: #ffffff; padding: 10px 18px; border-radius: 4px; text-decoration: none; font-size: 16px;">${escapeHtml(block.label)}</a></p>`;
    case 'rows':
      return `<table role="presentation" style="border-collapse: collapse; width: 100%; margin: 0 0 16px;">${block.rows
        .map(
          ([label, value]) =>
            `<tr><td style="${FONT} font-size: 15px; padding: 6px 12px 6px 0; border-bottom: 1px solid #e0e0e0;">${escapeHtml(label)}</td><td style="${FONT} font-size: 15px; padding: 6px 0; border-bottom: 1px solid #e0e0e0; text-align: right;">${escapeHtml(value)}</td></tr>`,
        )
        .join('')}</table>`;
  }
}

/** The text and HTML of `email`, signed by its sender's name, or `fallbackSender` (EMAIL_FROM's name). */
export function render(email: Email, fallbackSender: string): RenderedEmail {
  const subject = headerText(email.subject);
  const sender = email.sender?.name ?? fallbackSender;
  const imprint = email.sender?.imprint ?? [];
  const text =
    [...email.blocks.map(textOf), sender, ...(imprint.length ? [imprint.join('\n')] : [])].join('\n\n') +
    '\n';
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin: 0; padding: 24px; background: #ffffff;">
<div style="max-width: 600px; margin: 0 auto;">
${email.blocks.map(htmlOf).join('\n')}
<p style="${FONT} font-size: 14px; color: #555555; margin: 24px 0 0;">${escapeHtml(sender)}</p>
${imprint.length ? `<p style="${FONT} font-size: 12px; line-height: 1.5; color: #555555; margin: 12px 0 0;">${imprint.map(escapeHtml).join('<br>')}</p>\n` : ''}</div>
</body>
</html>
`;
  return {
    subject,
    text,
    html,
    ...(email.replyTo ? { replyTo: email.replyTo } : {}),
    ...(email.sender ? { senderName: headerText(email.sender.name) } : {}),
  };
}
