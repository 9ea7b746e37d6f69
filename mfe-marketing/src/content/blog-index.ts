// The light blog index: each article's slug and date, without its text, for what must know the blog's pages
// without loading it: the production server's 404 answers, the sitemap and the tests. blog.ts adds the text.
// Pure data with no imports: Node and Playwright load it directly.

export const blogIndex = [
  { slug: 'automate-your-first-workflow', date: '2025-01-15' },
  { slug: 'chatbots-that-customers-like', date: '2025-01-22' },
  { slug: 'ai-tools-for-small-teams', date: '2025-02-03' },
  { slug: 'reclaim-ten-hours-a-week', date: '2025-02-12' },
  { slug: 'from-idea-to-mvp', date: '2025-02-24' },
  { slug: 'websites-built-with-ai', date: '2025-03-05' },
  { slug: 'content-calendar-on-autopilot', date: '2025-03-18' },
  { slug: 'emails-that-get-opened', date: '2025-04-02' },
  { slug: 'brand-identity-with-ai', date: '2025-04-16' },
  { slug: 'ai-strategy-for-2025', date: '2025-04-30' },
] as const satisfies readonly { slug: string; /** ISO date (YYYY-MM-DD) */ date: string }[];

export type BlogSlug = (typeof blogIndex)[number]['slug'];
