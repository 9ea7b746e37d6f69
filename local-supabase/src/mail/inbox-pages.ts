// The local inbox's HTML: the list of messages, newest first, and a message with its links clickable, everything
// escaped, readable on a phone, keyboard and screen reader.
import { escapeHtml } from './escape-html';
import type { StoredMail } from './store';

const LINK = /https?:\/\/[^\s<>"]+/g;

/** The links of a text e-mail, in order. */
export const linksOf = (text: string): string[] => text.match(LINK) ?? [];

/** A text body as HTML: escaped, its URLs made links. */
function linkify(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    html += escapeHtml(text.slice(last, match.index));
    html += `<a href="${escapeHtml(match[0])}">${escapeHtml(match[0])}</a>`;
    last = match.index + match[0].length;
  }
  return html + escapeHtml(text.slice(last));
}

const time = (iso: string) =>
  `<time datetime="${iso}">${iso.replace('T', ' ').replace(/\.\d+Z$/, ' UTC')}</time>`;

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; color: #1a1a1a; background: #fff; }
  main { max-width: 60rem; margin: 0 auto; padding: 1.5rem; }
  a { color: #0b57d0; }
  a:focus-visible, button:focus-visible { outline: 3px solid #0b57d0; outline-offset: 2px; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: 0.5rem; border-bottom: 1px solid #d0d0d0; vertical-align: top; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; }
  dt { font-weight: 600; }
  pre { white-space: pre-wrap; word-break: break-all; background: #f4f4f4; padding: 1rem; border-radius: 4px; }
  button { font: inherit; padding: 0.4rem 0.9rem; }
  @media (max-width: 40rem) { th:nth-child(2), td:nth-child(2) { display: none; } }
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

export function listPage(messages: StoredMail[], total: number): string {
  const rows = messages
    .map(
      (m) =>
        `<tr><td><a href="/messages/${m.id}">${escapeHtml(m.subject)}</a></td><td>${escapeHtml(m.to)}</td><td>${time(m.createdAt)}</td></tr>`,
    )
    .join('\n');
  const table = messages.length
    ? `<table>
<caption class="count">${total} ${total === 1 ? 'message' : 'messages'}, newest first</caption>
<thead><tr><th scope="col">Subject</th><th scope="col">To</th><th scope="col">Received</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
<form method="post" action="/clear"><p><button type="submit">Delete all messages</button></p></form>`
    : '<p>No messages yet. E-mails the local API sends (sign-up confirmation, password recovery, e-mail change) appear here.</p>';
  return page('Local inbox', `<h1>Local inbox</h1>\n${table}`);
}

export function messagePage(m: StoredMail): string {
  return page(
    `${m.subject} - Local inbox`,
    `<p><a href="/">Back to the inbox</a></p>
<h1>${escapeHtml(m.subject)}</h1>
<dl>
<dt>From</dt><dd>${escapeHtml(m.from)}</dd>
<dt>To</dt><dd>${escapeHtml(m.to)}</dd>
<dt>Received</dt><dd>${time(m.createdAt)}</dd>
</dl>
<h2>Message</h2>
<pre>${linkify(m.text)}</pre>`,
  );
}
