// The light catalogue: what routing, pricing and the tests need of each service (id, path, price, category),
// without the page copy (services.ts), so route ownership, the e2e tests and build scripts import it cheaply.
// Prices and categories are spec section 3's. Pure data with no imports: Playwright and Node load it directly.

export type ServiceCategory = 'full' | 'workshops';

export const serviceIndex = [
  { id: 'smart-website', path: '/services/ai-website-building', price: 899, category: 'full' },
  { id: 'product-photos', path: '/services/ai-product-shoots', price: 499, category: 'full' },
  { id: 'personal-assistant', path: '/services/custom-gpts', price: 699, category: 'full' },
  { id: 'brand-creator', path: '/services/ai-branding', price: 449, category: 'full' },
  { id: 'content-maker', path: '/services/content-automation', price: 399, category: 'full' },
  { id: 'social-manager', path: '/services/social-media-ai', price: 499, category: 'full' },
  { id: 'chat-helper', path: '/services/ai-chatbots', price: 699, category: 'full' },
  { id: 'smart-emails', path: '/services/email-automation', price: 349, category: 'full' },
  { id: 'task-automator', path: '/services/workflow-automation', price: 499, category: 'full' },
  { id: 'ai-dashboard', path: '/services/ai-dashboard', price: 649, category: 'full' },
  { id: 'mvp-masterclass', path: '/services/mvp-masterclass', price: 499, category: 'workshops' },
  { id: 'one-day-training', path: '/services/one-day-training', price: 999, category: 'workshops' },
  { id: 'two-day-training', path: '/services/two-day-training', price: 1799, category: 'workshops' },
] as const satisfies readonly { id: string; path: string; price: number; category: ServiceCategory }[];

/** The ids of the purchasable services, as the backend stores them (`services.id`, `cart_items.service_id`). */
export type ServiceId = (typeof serviceIndex)[number]['id'];

export type ServiceIndexEntry = (typeof serviceIndex)[number];

/** The strategy call has a page but is booked, not bought, so it has no price and is not in the index. */
export const strategyCallPath = '/services/ai-strategy-call';

/** Every `/services/...` detail page: the 13 services in catalogue order, then the strategy call. */
export const servicePaths: readonly string[] = [...serviceIndex.map((s) => s.path), strategyCallPath];
