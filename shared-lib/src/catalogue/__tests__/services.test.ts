import { paths, servicePaths } from '../../routes/paths';
import {
  getServiceById,
  getServicePageByPath,
  isServiceId,
  services,
  servicesByCategory,
  strategyCall,
  toCartItem,
  type ServicePage,
} from '../services';

const pages: readonly ServicePage[] = [...services, strategyCall];

describe('catalogue', () => {
  it('holds the 13 services of the spec, in order, with their prices and categories', () => {
    expect(services.map((s) => [s.id, s.title, s.price, s.category])).toEqual([
      ['smart-website', 'Smart Website', 899, 'full'],
      ['product-photos', 'Product Photos', 499, 'full'],
      ['personal-assistant', 'Personal Assistant', 699, 'full'],
      ['brand-creator', 'Brand Creator', 449, 'full'],
      ['content-maker', 'Content Maker', 399, 'full'],
      ['social-manager', 'Social Manager', 499, 'full'],
      ['chat-helper', 'Chat Helper', 699, 'full'],
      ['smart-emails', 'Smart Emails', 349, 'full'],
      ['task-automator', 'Task Automator', 499, 'full'],
      ['ai-dashboard', 'AI Dashboard', 649, 'full'],
      ['mvp-masterclass', 'MVP Masterclass (idea to MVP in 2 hours)', 499, 'workshops'],
      ['one-day-training', '1 Day Training', 999, 'workshops'],
      ['two-day-training', '2 Day Training', 1799, 'workshops'],
    ]);
  });

  it('gives each service its own detail path', () => {
    expect(services.map((s) => [s.id, s.path])).toEqual([
      ['smart-website', '/services/ai-website-building'],
      ['product-photos', '/services/ai-product-shoots'],
      ['personal-assistant', '/services/custom-gpts'],
      ['brand-creator', '/services/ai-branding'],
      ['content-maker', '/services/content-automation'],
      ['social-manager', '/services/social-media-ai'],
      ['chat-helper', '/services/ai-chatbots'],
      ['smart-emails', '/services/email-automation'],
      ['task-automator', '/services/workflow-automation'],
      ['ai-dashboard', '/services/ai-dashboard'],
      ['mvp-masterclass', '/services/mvp-masterclass'],
      ['one-day-training', '/services/one-day-training'],
      ['two-day-training', '/services/two-day-training'],
    ]);
  });

  it('marks the first two full deliverables POPULAR and 2 Day Training BEST VALUE', () => {
    expect(services.filter((s) => s.badge).map((s) => [s.id, s.badge])).toEqual([
      ['smart-website', 'POPULAR'],
      ['product-photos', 'POPULAR'],
      ['two-day-training', 'BEST VALUE'],
    ]);
  });

  it.each([
    ['/services/ai-website-building', 'Beautiful website, built with AI.'],
    ['/services/ai-product-shoots', 'Professional product photography without the photo shoot'],
    ['/services/custom-gpts', 'Your own AI assistant trained for your specific needs'],
    ['/services/ai-branding', 'Build a compelling brand identity with AI assistance'],
    ['/services/content-automation', 'Never run out of content with AI-powered automation'],
    ['/services/social-media-ai', 'Grow your social presence with AI automation'],
    ['/services/ai-chatbots', '24/7 customer support that feels human'],
    ['/services/email-automation', 'Personalized email campaigns that convert'],
    ['/services/workflow-automation', 'Eliminate repetitive tasks and streamline operations'],
    ['/services/ai-strategy-call', 'Expert guidance to plan your AI transformation'],
  ])('uses the spec’s tagline on %s', (path, tagline) => {
    expect(getServicePageByPath(path)?.tagline).toBe(tagline);
  });

  it('keeps ids, paths and titles unique', () => {
    for (const key of ['id', 'path', 'title', 'tagline'] as const) {
      const values = pages.map((p) => p[key]);
      expect(new Set(values).size).toBe(values.length);
    }
  });
});

describe('detail page content', () => {
  it.each(pages.map((p) => [p.id, p] as const))('%s has complete, distinct copy', (_id, page) => {
    expect(page.path).toMatch(/^\/services\/[a-z0-9-]+$/);
    for (const text of [page.title, page.tagline, page.description]) expect(text.trim()).not.toBe('');
    expect(page.description).not.toBe(page.tagline);
    expect(page.whatYouGet.length).toBeGreaterThanOrEqual(4);
    expect(page.whatYouGet.length).toBeLessThanOrEqual(6);
    expect(new Set(page.whatYouGet).size).toBe(page.whatYouGet.length);
    expect(page.howItWorks).toHaveLength(3);
    for (const step of page.howItWorks) {
      expect(step.title.trim()).not.toBe('');
      expect(step.description.trim()).not.toBe('');
    }
    expect(JSON.stringify(page)).not.toMatch(/lorem|ipsum|TODO/i);
  });

  it('promises delivery in 7-14 days and the included Show-How, Teach-How and Follow-Up', () => {
    for (const service of servicesByCategory('full')) {
      const steps = service.howItWorks.map((s) => `${s.title} ${s.description}`).join(' ');
      expect(steps).toContain('7-14 days');
      expect(steps).toMatch(/Show-How.*Teach-How.*Follow-Up/);
      expect(steps).toContain('30 days');
    }
    for (const workshop of servicesByCategory('workshops')) {
      expect(workshop.howItWorks[2].description).toContain('30 days');
    }
  });
});

describe('routes', () => {
  it('registers all 14 detail paths: the services in catalogue order, then the strategy call', () => {
    expect(servicePaths).toEqual([...services.map((s) => s.path), '/services/ai-strategy-call']);
    expect(new Set(servicePaths).size).toBe(14);
  });

  it('has a detail page for every route the site registers, and nothing else', () => {
    for (const path of servicePaths) expect(getServicePageByPath(path)?.path).toBe(path);
    expect(getServicePageByPath(paths.howWeWork)).toBeUndefined();
    expect(getServicePageByPath('/services/unknown')).toBeUndefined();
  });

  it('keeps the strategy call bookable but not purchasable', () => {
    const page = getServicePageByPath('/services/ai-strategy-call');
    expect(page).toBe(strategyCall);
    expect(page).not.toHaveProperty('price');
    expect(strategyCall).toMatchObject({ id: 'ai-strategy-call', icon: 'phone-call' });
  });
});

describe('lookups', () => {
  it('finds services by id', () => {
    expect(getServiceById('chat-helper')?.path).toBe('/services/ai-chatbots');
    expect(getServiceById('ai-strategy-call')).toBeUndefined();
    expect(getServiceById('')).toBeUndefined();
  });

  it('recognises service ids only', () => {
    expect(services.every((s) => isServiceId(s.id))).toBe(true);
    expect(isServiceId('ai-strategy-call')).toBe(false);
    expect(isServiceId('Smart-Website')).toBe(false);
  });

  it('groups services by category, in catalogue order, as the same array every time', () => {
    expect(servicesByCategory('full').map((s) => s.id)).toEqual(services.slice(0, 10).map((s) => s.id));
    expect(servicesByCategory('workshops').map((s) => s.id)).toEqual([
      'mvp-masterclass',
      'one-day-training',
      'two-day-training',
    ]);
    expect(servicesByCategory('full')).toBe(servicesByCategory('full'));
  });

  it('makes a cart entry with the fields the cart keeps', () => {
    expect(toCartItem(getServiceById('smart-emails')!)).toEqual({
      id: 'smart-emails',
      title: 'Smart Emails',
      price: 349,
      icon: 'mail',
      path: '/services/email-automation',
    });
  });
});
