// The blog's ten hard-coded articles (spec sections 2 and 3): the light index (blog-index.ts) and their text.
import { blogIndex, type BlogSlug } from './blog-index';

export interface BlogArticle {
  id: number;
  slug: string;
  title: string;
  description: string;
  /** ISO date (YYYY-MM-DD), shown like 'Jan 15, 2025'. */
  date: string;
  readTime: string;
  category: string;
  body: readonly string[];
}

/** Each article's text, by slug; slug and date come from the light index. */
const copy: Record<BlogSlug, Omit<BlogArticle, 'slug' | 'date'>> = {
  'automate-your-first-workflow': {
    id: 1,
    title: 'How to Automate Your First Workflow in a Week',
    description: 'Pick one repetitive task, map it, and hand it to an automation without breaking anything.',
    readTime: '6 min read',
    category: 'AI Automation',
    body: [
      'Start with a task you do at least weekly that follows the same steps every time: copying leads from a form into your CRM, sending invoice reminders, or filing receipts.',
      'Write the steps down as if you were training a new colleague. Every "it depends" is a decision the automation needs a rule for.',
      'Build the automation next to the manual process and compare results for a week. Only switch off the manual version once the two agree.',
    ],
  },
  'chatbots-that-customers-like': {
    id: 2,
    title: 'Chatbots Customers Actually Like',
    description:
      'What separates a helpful support bot from an annoying one, and how to measure the difference.',
    readTime: '5 min read',
    category: 'AI Chatbots',
    body: [
      'Customers forgive a bot that does not know something; they do not forgive one that pretends to. Teach yours to say so and hand over to a person.',
      'Train it on the questions customers really ask: your inbox and chat history are the best source.',
      'Measure resolved conversations and handovers, not just the number of chats.',
    ],
  },
  'ai-tools-for-small-teams': {
    id: 3,
    title: '7 AI Tools Every Small Team Should Know',
    description: 'A short, practical list of tools that save hours each week without a big setup.',
    readTime: '7 min read',
    category: 'AI Tools',
    body: [
      'A writing assistant for first drafts, a meeting recorder that writes the notes, and an automation platform that connects your apps cover most of what a small team needs.',
      'Add an image generator for social posts and a custom GPT trained on your own documents, and routine work shrinks noticeably.',
      'Choose tools that export your data: what you build should stay yours.',
    ],
  },
  'reclaim-ten-hours-a-week': {
    id: 4,
    title: 'Reclaim Ten Hours a Week with Simple Automations',
    description: 'Where the hours go in a typical small business, and which ones automation gives back.',
    readTime: '5 min read',
    category: 'Productivity',
    body: [
      'Most lost hours hide in small tasks: status e-mails, copying data between tools, chasing approvals.',
      'Track one week of work in 15-minute blocks. The repetitive blocks are your automation backlog.',
      'Automate the most frequent task first; the time it returns funds the next one.',
    ],
  },
  'from-idea-to-mvp': {
    id: 5,
    title: 'From Idea to MVP in a Weekend',
    description: 'How founders use AI and no-code tools to test an idea before spending on development.',
    readTime: '8 min read',
    category: 'Entrepreneurship',
    body: [
      'An MVP answers one question: will people use this? Build only what answers it.',
      'AI tools can produce the landing page, the copy and a working prototype in hours. Spend the saved time talking to users.',
      'Decide beforehand what result would make you continue, and what would make you stop.',
    ],
  },
  'websites-built-with-ai': {
    id: 6,
    title: 'What an AI-Built Website Can and Cannot Do',
    description: 'Speed, cost and quality: an honest look at building business websites with AI.',
    readTime: '6 min read',
    category: 'Web Development',
    body: [
      'AI shortens design and copywriting from weeks to days, and a fixed price becomes realistic.',
      'It does not replace judgement: structure, brand and the message still need a person who knows your customers.',
      'Ask for fast loading, accessibility and full ownership of the code and content, whoever builds your site.',
    ],
  },
  'content-calendar-on-autopilot': {
    id: 7,
    title: 'A Content Calendar on Autopilot',
    description: 'Turn one idea into a month of posts, articles and newsletters with a simple AI workflow.',
    readTime: '6 min read',
    category: 'Content Marketing',
    body: [
      'Start from one strong idea a week and let AI adapt it to each channel: a long article, three social posts and a newsletter section.',
      'Keep a person in the loop to check facts and tone before anything is published.',
      'Reuse what performed well: the best posts deserve a second life.',
    ],
  },
  'emails-that-get-opened': {
    id: 8,
    title: 'Personalised E-mails That Get Opened',
    description: 'Welcome, follow-up and win-back sequences that feel personal at any scale.',
    readTime: '5 min read',
    category: 'Email Marketing',
    body: [
      'Three sequences do most of the work: a welcome series, a follow-up after a purchase and a win-back for quiet customers.',
      'Personalise with what you know (what they bought, when, and what they read), not just a first name.',
      'Test subject lines, but test the offer first: it matters more.',
    ],
  },
  'brand-identity-with-ai': {
    id: 9,
    title: 'Building a Brand Identity with AI',
    description: 'Use AI to explore logos, colours and voice quickly, then refine what works by hand.',
    readTime: '6 min read',
    category: 'Branding',
    body: [
      'AI is excellent at exploring many directions quickly; use it to find what resonates before committing.',
      'Refine the winner by hand: a good logo works small, in one colour, and on a phone screen.',
      'Write down your voice with examples of what you would and would not say.',
    ],
  },
  'ai-strategy-for-2025': {
    id: 10,
    title: 'An AI Strategy for Small Businesses in 2025',
    description: 'Where to start, what to skip, and how to measure whether AI is paying off.',
    readTime: '9 min read',
    category: 'AI Automation',
    body: [
      'Start with the processes that cost you the most time, not with the most exciting tools.',
      'Set a measurable goal for each project (hours saved, response time, conversion) and review it after 30 days.',
      'Keep ownership: data, accounts and automations should live in your name.',
    ],
  },
};

export const articles: readonly BlogArticle[] = blogIndex.map((entry) => ({ ...entry, ...copy[entry.slug] }));

export const getArticle = (slug: string | undefined) => articles.find((a) => a.slug === slug);
