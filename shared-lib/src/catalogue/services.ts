// The service catalogue: the 13 fixed-price services of spec section 3 (ids, titles, prices and categories to
// the letter) with the content of their detail pages. supabase/seed.sql seeds the `services` table from the
// same list, and a backend test checks that the two agree.

export type ServiceCategory = 'full' | 'workshops';

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
  /** Euros. */
  price: number;
  category: ServiceCategory;
  badge?: 'POPULAR' | 'BEST VALUE';
}

const deliverySteps = (build: string): ServicePage['howItWorks'] => [
  {
    title: 'Discovery call',
    description: 'In 30 minutes we agree on your goals, your brand and what done looks like.',
  },
  { title: 'We build', description: build },
  {
    title: 'Handover and follow-up',
    description:
      'You get a recorded walkthrough, a visual how-to guide and a success call 30 days after delivery.',
  },
];

const workshopSteps = (session: string): ServicePage['howItWorks'] => [
  {
    title: 'Pick a date',
    description: 'Choose a date that suits your team; we send a short questionnaire beforehand.',
  },
  { title: 'Hands-on session', description: session },
  {
    title: 'Keep going',
    description: 'You keep the recording, the templates and the guide, plus a follow-up call 30 days later.',
  },
];

export const services: readonly Service[] = [
  {
    id: 'smart-website',
    title: 'Smart Website',
    price: 899,
    category: 'full',
    badge: 'POPULAR',
    icon: 'globe',
    path: '/services/ai-website-building',
    tagline: 'Beautiful website, built with AI.',
    description: 'A fast, modern website designed and built with AI, ready to publish in 7-14 days.',
    whatYouGet: [
      'Up to 5 pages designed around your brand',
      'Mobile-first, fast-loading and search-engine ready',
      'Copy drafted with AI and edited by a human',
      'Contact form connected to your inbox',
      'Full ownership of the site, domain and content',
    ],
    howItWorks: deliverySteps(
      'We design, write and build your site, with two rounds of feedback before launch.',
    ),
  },
  {
    id: 'product-photos',
    title: 'Product Photos',
    price: 499,
    category: 'full',
    badge: 'POPULAR',
    icon: 'camera',
    path: '/services/ai-product-shoots',
    tagline: 'Professional product photography without the photo shoot',
    description: 'Studio-quality product images and lifestyle scenes generated from a few phone photos.',
    whatYouGet: [
      'Up to 20 products on clean studio backgrounds',
      'Three lifestyle scenes per product',
      'Sizes for your shop, marketplaces and social media',
      'Consistent lighting and style across the range',
      'Full commercial rights to every image',
    ],
    howItWorks: deliverySteps('You send simple phone photos; we generate, retouch and check every image.'),
  },
  {
    id: 'personal-assistant',
    title: 'Personal Assistant',
    price: 699,
    category: 'full',
    icon: 'bot',
    path: '/services/custom-gpts',
    tagline: 'Your own AI assistant trained for your specific needs',
    description: 'A custom GPT that knows your documents, processes and tone of voice.',
    whatYouGet: [
      'An assistant trained on your documents and FAQs',
      'Instructions tuned to your tone of voice',
      'Guardrails so it stays on topic',
      'Shared with your team in a few clicks',
      'A guide to updating its knowledge yourself',
    ],
    howItWorks: deliverySteps(
      'We gather your material, build the assistant and test it against real questions.',
    ),
  },
  {
    id: 'brand-creator',
    title: 'Brand Creator',
    price: 449,
    category: 'full',
    icon: 'palette',
    path: '/services/ai-branding',
    tagline: 'Build a compelling brand identity with AI assistance',
    description: 'A logo, colour palette, type and voice that make your business recognisable.',
    whatYouGet: [
      'Three logo directions and one refined final logo',
      'Colour palette and typography with usage rules',
      'Brand voice guide with example copy',
      'Social media profile and cover images',
      'A one-page brand sheet for partners and printers',
    ],
    howItWorks: deliverySteps('We explore directions with AI, then refine your favourite by hand.'),
  },
  {
    id: 'content-maker',
    title: 'Content Maker',
    price: 399,
    category: 'full',
    icon: 'pen-line',
    path: '/services/content-automation',
    tagline: 'Never run out of content with AI-powered automation',
    description: 'A content engine that turns one idea into posts, articles and newsletters every week.',
    whatYouGet: [
      'A content calendar for your next three months',
      'Templates that turn one idea into many formats',
      'An automated drafting workflow in your tools',
      'A review step so nothing goes out unchecked',
      'Twelve ready-to-publish pieces to start with',
    ],
    howItWorks: deliverySteps(
      'We map your topics, set up the workflow and produce the first batch with you.',
    ),
  },
  {
    id: 'social-manager',
    title: 'Social Manager',
    price: 499,
    category: 'full',
    icon: 'share-2',
    path: '/services/social-media-ai',
    tagline: 'Grow your social presence with AI automation',
    description: 'Scheduled, on-brand posts and replies across your channels without the daily grind.',
    whatYouGet: [
      'A posting plan for up to three channels',
      'Automated scheduling from one content list',
      'Suggested replies to comments and messages',
      'A monthly performance summary',
      'Hashtag and timing recommendations',
    ],
    howItWorks: deliverySteps('We connect your channels, set up the automation and load your first month.'),
  },
  {
    id: 'chat-helper',
    title: 'Chat Helper',
    price: 699,
    category: 'full',
    icon: 'message-circle',
    path: '/services/ai-chatbots',
    tagline: '24/7 customer support that feels human',
    description: 'A website chatbot that answers customers instantly and hands over to you when needed.',
    whatYouGet: [
      'A chatbot trained on your products and policies',
      'Installed on your website in one line of code',
      'Handover to a human by e-mail or chat',
      'Conversation history to learn what customers ask',
      'Answers in your customers’ languages',
    ],
    howItWorks: deliverySteps(
      'We train the bot on your material, test it with real questions and install it.',
    ),
  },
  {
    id: 'smart-emails',
    title: 'Smart Emails',
    price: 349,
    category: 'full',
    icon: 'mail',
    path: '/services/email-automation',
    tagline: 'Personalized email campaigns that convert',
    description: 'Welcome, follow-up and win-back sequences that write and send themselves.',
    whatYouGet: [
      'Three automated sequences written for your audience',
      'Personalisation from your customer data',
      'Templates that match your brand',
      'Set up in your existing e-mail tool',
      'Open and click tracking explained simply',
    ],
    howItWorks: deliverySteps('We write the sequences, set up the automation and test every e-mail.'),
  },
  {
    id: 'task-automator',
    title: 'Task Automator',
    price: 499,
    category: 'full',
    icon: 'workflow',
    path: '/services/workflow-automation',
    tagline: 'Eliminate repetitive tasks and streamline operations',
    description: 'Connects your tools so invoices, leads and reports move on their own.',
    whatYouGet: [
      'Up to three automated workflows between your tools',
      'Error alerts so nothing fails silently',
      'Documentation of every step',
      'A time-saved estimate for each workflow',
      'Accounts that stay in your name',
    ],
    howItWorks: deliverySteps(
      'We map the tasks you repeat, automate them and run them side by side until they are right.',
    ),
  },
  {
    id: 'ai-dashboard',
    title: 'AI Dashboard',
    price: 649,
    category: 'full',
    icon: 'layout-dashboard',
    path: '/services/ai-dashboard',
    tagline: 'See your business at a glance, with answers in plain language',
    description:
      'One dashboard for sales, marketing and operations, with an assistant that explains the numbers.',
    whatYouGet: [
      'Your key numbers from up to four sources',
      'Automatic daily refresh',
      'Plain-language summaries of what changed',
      'Alerts when a number needs attention',
      'Shared access for your team',
    ],
    howItWorks: deliverySteps('We connect your data, agree on the metrics that matter and build the views.'),
  },
  {
    id: 'mvp-masterclass',
    title: 'MVP Masterclass (idea to MVP in 2 hours)',
    price: 499,
    category: 'workshops',
    icon: 'rocket',
    path: '/services/mvp-masterclass',
    tagline: 'Go from idea to a working MVP in two hours',
    description: 'A live, hands-on session in which you build a first version of your product with AI tools.',
    whatYouGet: [
      'A two-hour live session for up to 4 people',
      'A working prototype of your idea',
      'The no-code and AI tools we use, explained',
      'A checklist for testing it with real users',
    ],
    howItWorks: workshopSteps('Two focused hours in which you build your MVP with us, step by step.'),
  },
  {
    id: 'one-day-training',
    title: '1 Day Training',
    price: 999,
    category: 'workshops',
    icon: 'graduation-cap',
    path: '/services/one-day-training',
    tagline: 'A full day that makes your team confident with AI',
    description: 'A practical training day on the AI tools that fit your team’s daily work.',
    whatYouGet: [
      'A full day of training for up to 10 people',
      'Exercises built on your own work',
      'A prompt library for your team',
      'A guide to using AI safely with company data',
    ],
    howItWorks: workshopSteps(
      'A full day of short lessons and hands-on exercises on your team’s real tasks.',
    ),
  },
  {
    id: 'two-day-training',
    title: '2 Day Training',
    price: 1799,
    category: 'workshops',
    badge: 'BEST VALUE',
    icon: 'award',
    path: '/services/two-day-training',
    tagline: 'Two days from AI basics to your first automations',
    description: 'The one-day training plus a second day in which your team builds its own automations.',
    whatYouGet: [
      'Two days of training for up to 10 people',
      'Your team’s first automations, built on day two',
      'A prompt library and automation templates',
      'A guide to using AI safely with company data',
      'A follow-up call 30 days later',
    ],
    howItWorks: workshopSteps(
      'Day one covers the tools; on day two your team builds automations for its own work.',
    ),
  },
];

/** The strategy call has a page but is booked, not bought. */
export const strategyCall: ServicePage = {
  id: 'ai-strategy-call',
  title: 'AI Strategy Call',
  icon: 'phone-call',
  path: '/services/ai-strategy-call',
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
      description: 'Within 24 hours you receive a written plan with priorities and costs.',
    },
  ],
};

export function getServiceById(id: string): Service | undefined {
  return services.find((s) => s.id === id);
}

export const isServiceId = (id: string): boolean => services.some((s) => s.id === id);

export function getServicePageByPath(path: string): Service | ServicePage | undefined {
  return path === strategyCall.path ? strategyCall : services.find((s) => s.path === path);
}

export const servicesByCategory = (category: ServiceCategory): readonly Service[] =>
  services.filter((s) => s.category === category);

export const serviceRoutePaths: readonly string[] = [...services.map((s) => s.path), strategyCall.path];

/** A cart entry for a service. */
export const toCartItem = (service: Service) => ({
  id: service.id,
  title: service.title,
  price: service.price,
  icon: service.icon,
  path: service.path,
});
