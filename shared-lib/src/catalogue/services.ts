// The service catalogue: the 13 fixed-price services of spec section 3 (ids, titles, prices and categories to
// the letter) with the content of their detail pages. A migration writes the same list into the `services`
// table (supabase/migrations/20261126100000_services_catalogue.sql), and a backend test checks that the rows the
// migrations leave agree with it. The light part (id, path, price, category) is service-index.ts; this module
// adds each page's copy.
import {
  serviceIndex,
  strategyCallPath,
  type ServiceCategory,
  type ServiceId,
  type ServiceIndexEntry,
} from './service-index';

export type { ServiceCategory, ServiceId };

export type IconName =
  | 'globe'
  | 'camera'
  | 'bot'
  | 'palette'
  | 'pen-line'
  | 'share-2'
  | 'message-circle'
  | 'mail'
  | 'workflow'
  | 'layout-dashboard'
  | 'rocket'
  | 'graduation-cap'
  | 'award'
  | 'phone-call';

export interface HowItWorksStep {
  title: string;
  description: string;
}

export interface ServicePage {
  id: string;
  title: string;
  tagline: string;
  description: string;
  icon: IconName;
  path: string;
  whatYouGet: readonly string[];
  howItWorks: readonly [HowItWorksStep, HowItWorksStep, HowItWorksStep];
}

export interface Service extends ServicePage {
  id: ServiceId;
  /** Euros. */
  price: number;
  category: ServiceCategory;
  badge?: 'POPULAR' | 'BEST VALUE';
}

// Every full deliverable runs the same way; only the build step differs. The last step names the three extras
// every project includes (spec section 1): Show-How, Teach-How and Follow-Up.
const deliverySteps = (build: string): ServicePage['howItWorks'] => [
  {
    title: 'Discovery call',
    description:
      'In a 30-minute call we agree on your goals, the tools you already use and what done looks like. The price stays fixed.',
  },
  { title: 'Delivered in 7-14 days', description: build },
  {
    title: 'Handover and follow-up',
    description:
      'Everything is transferred to you, with Show-How (recorded walkthroughs), Teach-How (a visual how-to guide) and Follow-Up (a success call 30 days after delivery).',
  },
];

const workshopSteps = (session: string): ServicePage['howItWorks'] => [
  {
    title: 'Pick a date',
    description:
      'Choose a date for your team, online or at your office, and fill in a short questionnaire so the examples come from your own work.',
  },
  { title: 'Hands-on session', description: session },
  {
    title: 'Keep going',
    description:
      'You keep the recording, the visual how-to guide and every template, and we check your progress on a follow-up call 30 days later.',
  },
];

/** Each service's page copy and badge, by id; id, path, price and category come from the light index. */
const copy: Record<ServiceId, Omit<Service, keyof ServiceIndexEntry>> = {
  'smart-website': {
    title: 'Smart Website',
    badge: 'POPULAR',
    icon: 'globe',
    tagline: 'Beautiful website, built with AI.',
    description:
      'A fast, modern website designed and written with AI and finished by hand, live within 7-14 days.',
    whatYouGet: [
      'Up to 5 pages designed around your brand',
      'Mobile-first, fast-loading and ready for search engines',
      'Copy drafted with AI and edited by a person',
      'A contact form that sends enquiries to your inbox',
      'The site, the domain and the content in your name',
    ],
    howItWorks: deliverySteps(
      'We design, write and build your site and give you two rounds of feedback before it goes live.',
    ),
  },
  'product-photos': {
    title: 'Product Photos',
    badge: 'POPULAR',
    icon: 'camera',
    tagline: 'Professional product photography without the photo shoot',
    description:
      'Studio-quality product images and lifestyle scenes made from a few phone photos of each product.',
    whatYouGet: [
      'Up to 20 products on clean studio backgrounds',
      'Three lifestyle scenes per product',
      'Sizes for your web shop, marketplaces and social media',
      'Consistent lighting and style across the whole range',
      'Full commercial rights to every image',
    ],
    howItWorks: deliverySteps(
      'You send simple phone photos; we generate, retouch and check every image against the real product.',
    ),
  },
  'personal-assistant': {
    title: 'Personal Assistant',
    icon: 'bot',
    tagline: 'Your own AI assistant trained for your specific needs',
    description:
      'A custom GPT that knows your documents, processes and tone of voice, and answers the questions your team asks every day.',
    whatYouGet: [
      'An assistant trained on your documents and FAQs',
      'Instructions tuned to your tone of voice',
      'Guardrails that keep it on topic and away from guesses',
      'Sharing with your team in a few clicks',
      'A guide to updating its knowledge yourself',
    ],
    howItWorks: deliverySteps(
      'We gather your material, build the assistant and test it against questions your team really asks.',
    ),
  },
  'brand-creator': {
    title: 'Brand Creator',
    icon: 'palette',
    tagline: 'Build a compelling brand identity with AI assistance',
    description:
      'A logo, colour palette, typography and voice that make your business recognisable everywhere.',
    whatYouGet: [
      'Three logo directions and one refined final logo',
      'A colour palette and typography with usage rules',
      'A brand voice guide with example copy',
      'Profile and cover images for your social media',
      'A one-page brand sheet for partners and printers',
    ],
    howItWorks: deliverySteps(
      'We explore directions with AI, you pick a favourite, and we refine it by hand into a complete identity.',
    ),
  },
  'content-maker': {
    title: 'Content Maker',
    icon: 'pen-line',
    tagline: 'Never run out of content with AI-powered automation',
    description: 'A content workflow that turns one idea into posts, articles and newsletters every week.',
    whatYouGet: [
      'A content calendar for the next three months',
      'Templates that turn one idea into several formats',
      'An automated drafting workflow in the tools you use',
      'A review step, so nothing is published unchecked',
      'Twelve ready-to-publish pieces to start with',
    ],
    howItWorks: deliverySteps(
      'We map your topics, set up the drafting workflow and produce the first batch of content with you.',
    ),
  },
  'social-manager': {
    title: 'Social Manager',
    icon: 'share-2',
    tagline: 'Grow your social presence with AI automation',
    description:
      'Scheduled, on-brand posts and suggested replies across your channels, without the daily grind.',
    whatYouGet: [
      'A posting plan for up to three channels',
      'Automated scheduling from one content list',
      'Suggested replies to comments and messages',
      'A monthly summary of what performed and why',
      'Recommendations for hashtags and posting times',
    ],
    howItWorks: deliverySteps(
      'We connect your channels, set up the scheduling and load your first month of posts.',
    ),
  },
  'chat-helper': {
    title: 'Chat Helper',
    icon: 'message-circle',
    tagline: '24/7 customer support that feels human',
    description:
      'A website chatbot that answers customers instantly, day and night, and hands over to you when a person is needed.',
    whatYouGet: [
      'A chatbot trained on your products and policies',
      'Installed on your website with one line of code',
      'Handover to a person by e-mail or live chat',
      'A conversation history that shows what customers ask',
      'Answers in your customers’ own languages',
    ],
    howItWorks: deliverySteps(
      'We train the chatbot on your material, test it with real customer questions and install it on your site.',
    ),
  },
  'smart-emails': {
    title: 'Smart Emails',
    icon: 'mail',
    tagline: 'Personalized email campaigns that convert',
    description: 'Welcome, follow-up and win-back sequences that are personalised and sent automatically.',
    whatYouGet: [
      'Three automated sequences written for your audience',
      'Personalisation from your customer data',
      'E-mail templates that match your brand',
      'Set up in the e-mail tool you already use',
      'Open and click tracking, explained simply',
    ],
    howItWorks: deliverySteps(
      'We write the sequences, set up the automation in your e-mail tool and test every message.',
    ),
  },
  'task-automator': {
    title: 'Task Automator',
    icon: 'workflow',
    tagline: 'Eliminate repetitive tasks and streamline operations',
    description:
      'Connects your tools so that invoices, leads and reports move from one to the next on their own.',
    whatYouGet: [
      'Up to three automated workflows between your tools',
      'Error alerts, so nothing fails silently',
      'Documentation of every step',
      'An estimate of the hours each workflow saves',
      'All accounts and automations in your name',
    ],
    howItWorks: deliverySteps(
      'We map the tasks you repeat, automate them and run them alongside your team until the results match.',
    ),
  },
  'ai-dashboard': {
    title: 'AI Dashboard',
    icon: 'layout-dashboard',
    tagline: 'See your business at a glance, with answers in plain language',
    description:
      'One dashboard for sales, marketing and operations, with an assistant that explains what the numbers mean.',
    whatYouGet: [
      'Your key numbers from up to four sources',
      'An automatic daily refresh',
      'Plain-language summaries of what changed and why',
      'Alerts when a number needs your attention',
      'Access for your whole team',
    ],
    howItWorks: deliverySteps(
      'We connect your data, agree with you on the numbers that matter and build the views around them.',
    ),
  },
  'mvp-masterclass': {
    title: 'MVP Masterclass (idea to MVP in 2 hours)',
    icon: 'rocket',
    tagline: 'Go from idea to a working MVP in two hours',
    description:
      'A live, hands-on session in which you build the first working version of your product with AI tools.',
    whatYouGet: [
      'A two-hour live session for up to 4 people',
      'A working prototype of your own idea',
      'The no-code and AI tools we use, explained',
      'A checklist for testing it with real users',
    ],
    howItWorks: workshopSteps(
      'Two focused hours in which you build your MVP with us, step by step, on your own accounts.',
    ),
  },
  'one-day-training': {
    title: '1 Day Training',
    icon: 'graduation-cap',
    tagline: 'A full day that makes your team confident with AI',
    description: 'A practical training day on the AI tools that fit your team’s daily work.',
    whatYouGet: [
      'A full day of training for up to 10 people',
      'Exercises built on your team’s own tasks',
      'A prompt library for your team',
      'A guide to using AI safely with company data',
    ],
    howItWorks: workshopSteps(
      'A full day of short lessons and hands-on exercises on the tasks your team does every week.',
    ),
  },
  'two-day-training': {
    title: '2 Day Training',
    badge: 'BEST VALUE',
    icon: 'award',
    tagline: 'Two days from AI basics to your first automations',
    description:
      'The one-day training plus a second day in which your team builds automations for its own work.',
    whatYouGet: [
      'Two days of training for up to 10 people',
      'Your team’s first automations, built on day two',
      'A prompt library and automation templates',
      'A guide to using AI safely with company data',
      'A follow-up call 30 days later',
    ],
    howItWorks: workshopSteps(
      'Day one covers the tools; on day two your team builds and tests automations for its own work.',
    ),
  },
};

export const services: readonly Service[] = serviceIndex.map((entry) => ({ ...entry, ...copy[entry.id] }));

/** The strategy call has a page but is booked, not bought ('Book Your Call'), so it is not a `Service`. */
export const strategyCall: ServicePage = {
  id: 'ai-strategy-call',
  title: 'AI Strategy Call',
  icon: 'phone-call',
  path: strategyCallPath,
  tagline: 'Expert guidance to plan your AI transformation',
  description: 'A focused call to find where AI will save you the most time and money, and what to do first.',
  whatYouGet: [
    'A review of your current tools and processes',
    'The three automations with the best return for you',
    'A step-by-step plan you can follow with or without us',
    'Honest advice on what is not worth automating',
  ],
  howItWorks: [
    { title: 'Book your call', description: 'Pick a time and tell us briefly about your business.' },
    {
      title: 'Strategy session',
      description: 'We go through your processes together and find the quick wins.',
    },
    {
      title: 'Your plan',
      description: 'Within 24 hours you receive a written plan with priorities and fixed prices.',
    },
  ],
};

export function getServiceById(id: string): Service | undefined {
  return services.find((s) => s.id === id);
}

/** Narrows an id from outside (a stored cart row, a URL) to one the catalogue sells. */
export const isServiceId = (id: string): id is ServiceId => services.some((s) => s.id === id);

/** The detail page at `path`: a service, the strategy call, or nothing. */
export function getServicePageByPath(path: string): Service | ServicePage | undefined {
  return path === strategyCall.path ? strategyCall : services.find((s) => s.path === path);
}

// Built once, so a caller (a React render, a store selector) gets the same array every time.
const byCategory: Record<ServiceCategory, readonly Service[]> = {
  full: services.filter((s) => s.category === 'full'),
  workshops: services.filter((s) => s.category === 'workshops'),
};

export const servicesByCategory = (category: ServiceCategory): readonly Service[] => byCategory[category];

/** A cart entry for a service. */
export const toCartItem = (service: Service) => ({
  id: service.id,
  title: service.title,
  price: service.price,
  icon: service.icon,
  path: service.path,
});
