// The local inbox, read as a test reads mail (local-supabase/README.md, "The local inbox"): every e-mail the
// test site sends lands there, auth's (#21) and the Edge Functions' (#31: order, booking and call e-mails, which
// arrive once send-emails ran: after the browser's call following the event, or at the sweep's next call).
import { expect, type APIRequestContext } from '@playwright/test';
import { inboxUrl } from './site';

interface MessageSummary {
  id: string;
  to: string[];
  subject: string;
}

/** One e-mail of the local inbox, as its JSON API gives it. */
export interface InboxMessage extends MessageSummary {
  from: string;
  text: string;
  html: string;
  /** The URLs of its text, in order. */
  links: string[];
}

/** Every e-mail to `to` now in `inbox` (the test site's), newest first. */
export async function messagesTo(
  request: APIRequestContext,
  to: string,
  inbox = inboxUrl,
): Promise<MessageSummary[]> {
  const response = await request.get(`${inbox}/api/v1/messages`, { params: { to } });
  expect(response.ok(), `the inbox at ${inbox} answers`).toBe(true);
  return ((await response.json()) as { messages: MessageSummary[] }).messages;
}

/**
 * The newest e-mail to `to` whose subject is `subject` (or matches it), once it has arrived in `inbox` (within
 * `timeout` ms: longer where the browser's own call to send-emails may be cut and the sweep sends it).
 */
export async function messageFromInbox(
  request: APIRequestContext,
  to: string,
  subject: string | RegExp,
  inbox = inboxUrl,
  timeout = 15_000,
): Promise<InboxMessage> {
  const matches = (candidate: string) =>
    typeof subject === 'string' ? candidate === subject : subject.test(candidate);
  let found: MessageSummary | undefined;
  await expect
    .poll(
      async () => {
        found = (await messagesTo(request, to, inbox)).find((message) => matches(message.subject));
        return found !== undefined;
      },
      { message: `an e-mail “${String(subject)}” to ${to}`, timeout },
    )
    .toBe(true);
  const response = await request.get(`${inbox}/api/v1/messages/${found!.id}`);
  return (await response.json()) as InboxMessage;
}

/** The first link of the newest e-mail with `subject` to `to`, once it has arrived in `inbox`. */
export async function linkFromInbox(
  request: APIRequestContext,
  to: string,
  subject: string,
  inbox = inboxUrl,
): Promise<string> {
  const { links } = await messageFromInbox(request, to, subject, inbox);
  expect(links.length, 'the e-mail has a link').toBeGreaterThan(0);
  return links[0]!;
}
