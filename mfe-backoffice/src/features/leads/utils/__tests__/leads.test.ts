import { leadKindOf, replyLink } from '../leads';
import type { ContactMessage, ProjectRequest } from '../../api/types';

const message: ContactMessage = {
  id: 'a',
  name: 'Grace',
  email: 'grace@example.com',
  message: 'Please call me.',
  created_at: '2026-11-20T10:00:00Z',
  handled_at: null,
};

const request: ProjectRequest = {
  id: 'b',
  name: 'Ada',
  email: 'ada@example.com',
  company: null,
  project_type: 'chatbot',
  budget: '10k-25k',
  timeline: 'asap',
  description: 'A chatbot for our shop.',
  created_at: '2026-11-21T10:00:00Z',
  handled_at: null,
};

/** The mailto link's address and subject, decoded as a mail program reads them. */
const read = (link: string) => {
  const url = new URL(link);
  return {
    to: decodeURIComponent(url.pathname),
    subject: url.searchParams.get('subject'),
    more: [...url.searchParams.keys()],
  };
};

describe('the reply link', () => {
  it('writes to the sender with the subject filled in', () => {
    expect(read(replyLink('contact_message', message))).toEqual({
      to: 'grace@example.com',
      subject: 'Re: your message to AI Made Simple of November 20, 2026',
      more: ['subject'],
    });
    expect(read(replyLink('project_request', request)).subject).toBe(
      'Re: your AI Chatbot project request to AI Made Simple',
    );
  });

  it('cannot be given more recipients or headers by what the sender typed as their address', () => {
    const hostile = { ...message, email: 'eve@example.com?cc=all@example.com&bcc=x@example.com' };
    const link = replyLink('contact_message', hostile);
    expect(link).toMatch(/^mailto:eve@example\.com%3Fcc%3Dall@example\.com%26bcc%3Dx@example\.com\?subject=/);
    expect(read(link)).toEqual({
      to: 'eve@example.com?cc=all@example.com&bcc=x@example.com',
      subject: 'Re: your message to AI Made Simple of November 20, 2026',
      more: ['subject'],
    });
  });
});

describe('the kind in the address', () => {
  it('is contact messages unless it names project requests', () => {
    expect(leadKindOf('project_request')).toBe('project_request');
    expect(leadKindOf(null)).toBe('contact_message');
    expect(leadKindOf('<script>')).toBe('contact_message');
  });
});
