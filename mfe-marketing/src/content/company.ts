// Static content of the About, Cases and Careers pages. The company's own details (its mailboxes among them) are
// shared-lib's `company`.
export const timeline = [
  {
    year: '2022',
    title: 'The first automation',
    text: 'Two founders automate their own consultancy and get a day a week back.',
  },
  {
    year: '2023',
    title: 'Fixed prices',
    text: 'We package what works into fixed-price services, delivered in 7-14 days.',
  },
  {
    year: '2024',
    title: '50+ projects',
    text: 'Websites, chatbots and workflows for shops, studios and service firms.',
  },
] as const;

export const values = [
  {
    title: 'Simple beats clever',
    text: 'We build the smallest thing that solves the problem, and explain it plainly.',
  },
  { title: 'You own everything', text: 'Code, accounts, content and data are yours from day one.' },
  {
    title: 'Fixed, honest prices',
    text: 'One price agreed up front, with volume discounts applied automatically.',
  },
  { title: 'We stay around', text: 'Every project ends with training and a success call 30 days later.' },
] as const;

export const founders = [
  {
    name: 'Lena Hoffmann',
    role: 'Co-founder, delivery',
    bio: 'Ten years of operations work; she has automated every process she ever owned.',
  },
  {
    name: 'Marco Rossi',
    role: 'Co-founder, technology',
    bio: 'Software engineer who turns AI research into tools small teams can use.',
  },
] as const;

export const caseStudies = [
  {
    title: 'A website redesign in 10 days',
    industry: 'Interior design studio',
    result: 'Twice the enquiries in the first month',
    timesSaved: '40 hours saved',
    description:
      'An outdated site rebuilt with AI-assisted design and copy, with a booking form connected to the studio’s calendar.',
    quote: 'We launched before our spring campaign and the phone has not stopped since.',
    client: 'Sofia, studio owner',
  },
  {
    title: 'A support AI agent',
    industry: 'Online bike shop',
    result: '68% of questions answered instantly',
    timesSaved: '25 hours a week saved',
    description:
      'A chatbot trained on the shop’s products, shipping and returns policies, handing over to staff when needed.',
    quote: 'Customers get answers at midnight and my team handles the interesting questions.',
    client: 'Jonas, founder',
  },
  {
    title: 'Product photography without a studio',
    industry: 'Skincare brand',
    result: '120 product images in 5 days',
    timesSaved: '€6,000 of studio costs avoided',
    description:
      'Studio-quality packshots and lifestyle scenes generated from phone photos, consistent across the whole range.',
    quote: 'Our new range went online with better photos than our last professional shoot.',
    client: 'Amira, head of e-commerce',
  },
] as const;

export const stats = [
  { value: '50+', label: 'projects' },
  { value: '100%', label: 'satisfaction' },
  { value: '2,000+', label: 'hours saved' },
  { value: '30 days', label: 'average' },
] as const;

export const roles = [
  {
    title: 'AI Automation Engineer',
    location: 'Remote',
    type: 'Full-time',
    description:
      'Design and build automations and AI assistants for our clients, from discovery call to handover.',
  },
  {
    title: 'Client Success Lead',
    location: 'Remote',
    type: 'Full-time',
    description:
      'Guide clients through delivery, run the 30-day success calls and turn feedback into better services.',
  },
  {
    title: 'Content & Education Specialist',
    location: 'Remote',
    type: 'Full-time',
    description:
      'Write our guides, recorded walkthroughs and AI Insights newsletter, and help run our workshops.',
  },
  {
    title: 'Business Development Manager',
    location: 'Remote',
    type: 'Full-time',
    description: 'Find the businesses we can help most and turn first conversations into long partnerships.',
  },
] as const;

export const hiringSteps = [
  { title: 'Apply', text: 'Send us a short note about you and something you built.' },
  { title: 'Intro call', text: '30 minutes to get to know each other.' },
  { title: 'Practical task', text: 'A small, paid task close to the real work.' },
  { title: 'Meet the team', text: 'Meet the founders and the people you would work with.' },
] as const;
