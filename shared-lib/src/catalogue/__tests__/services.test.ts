import { paths, servicePaths } from '../../routes/paths';
import {
  getServiceById,
  getServicePageByPath,
  serviceRoutePaths,
  services,
  servicesByCategory,
  strategyCall,
} from '../services';

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

  it('marks the first two full deliverables POPULAR and 2 Day Training BEST VALUE', () => {
    expect(services.filter((s) => s.badge).map((s) => [s.id, s.badge])).toEqual([
      ['smart-website', 'POPULAR'],
      ['product-photos', 'POPULAR'],
      ['two-day-training', 'BEST VALUE'],
    ]);
  });

  it('uses the spec’s taglines', () => {
    const tagline = (path: string) => getServicePageByPath(path)?.tagline;
    expect(tagline('/services/ai-product-shoots')).toBe(
      'Professional product photography without the photo shoot',
    );
    expect(tagline('/services/custom-gpts')).toBe('Your own AI assistant trained for your specific needs');
    expect(tagline('/services/ai-branding')).toBe('Build a compelling brand identity with AI assistance');
    expect(tagline('/services/content-automation')).toBe(
      'Never run out of content with AI-powered automation',
    );
    expect(tagline('/services/social-media-ai')).toBe('Grow your social presence with AI automation');
    expect(tagline('/services/ai-chatbots')).toBe('24/7 customer support that feels human');
    expect(tagline('/services/email-automation')).toBe('Personalized email campaigns that convert');
    expect(tagline('/services/workflow-automation')).toBe(
      'Eliminate repetitive tasks and streamline operations',
    );
    expect(tagline('/services/ai-strategy-call')).toBe('Expert guidance to plan your AI transformation');
    expect(tagline('/services/ai-website-building')).toBe('Beautiful website, built with AI.');
  });

  it('has a detail page for every route the site registers, each with three steps', () => {
    expect([...serviceRoutePaths].sort()).toEqual([...servicePaths].sort());
    for (const path of servicePaths) {
      const page = getServicePageByPath(path)!;
      expect(page.howItWorks).toHaveLength(3);
      expect(page.whatYouGet.length).toBeGreaterThanOrEqual(4);
    }
    expect(getServicePageByPath(paths.howWeWork)).toBeUndefined();
  });

  it('finds services by id and category', () => {
    expect(getServiceById('chat-helper')?.path).toBe('/services/ai-chatbots');
    expect(getServiceById('ai-strategy-call')).toBeUndefined();
    expect(strategyCall.id).toBe('ai-strategy-call');
    expect(servicesByCategory('full')).toHaveLength(10);
    expect(servicesByCategory('workshops')).toHaveLength(3);
  });
});
