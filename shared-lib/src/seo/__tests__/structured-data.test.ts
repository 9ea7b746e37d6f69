import { getServicePageByPath, services, strategyCall } from '../../catalogue';
import {
  blogPostingJsonLd,
  canonicalPath,
  jsonLdText,
  organizationJsonLd,
  serviceJsonLd,
} from '../structured-data';

const ORIGIN = 'https://shop.example.com';

describe('canonicalPath', () => {
  it.each([
    ['/', '/'],
    ['/about/', '/about'],
    ['/About', '/about'],
    ['/services/AI-Chatbots//', '/services/ai-chatbots'],
  ])('names %s as %s', (pathname, path) => {
    expect(canonicalPath(pathname)).toBe(path);
  });
});

describe('organizationJsonLd', () => {
  it('names the agency at the site origin, with its logo and the company details of the imprint', () => {
    expect(organizationJsonLd(ORIGIN)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      '@id': `${ORIGIN}/#organization`,
      name: 'AI Made Simple',
      legalName: 'AI Made Simple GmbH',
      url: `${ORIGIN}/`,
      logo: `${ORIGIN}/icon-512.png`,
      description: expect.any(String),
      email: 'hello@shop.example.com',
      vatID: 'DE000000000',
      address: {
        '@type': 'PostalAddress',
        streetAddress: 'Musterstraße 1',
        postalCode: '10115',
        addressLocality: 'Berlin',
        addressCountry: 'DE',
      },
    });
  });
});

describe('serviceJsonLd', () => {
  it('offers a priced service at its price in euros, as its page shows it', () => {
    const smartWebsite = getServicePageByPath('/services/ai-website-building')!;
    expect(serviceJsonLd(smartWebsite, ORIGIN)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Service',
      name: 'Smart Website',
      description: smartWebsite.description,
      url: `${ORIGIN}/services/ai-website-building`,
      image: `${ORIGIN}/og/service.png`,
      provider: { '@id': `${ORIGIN}/#organization` },
      offers: {
        '@type': 'Offer',
        price: '899.00',
        priceCurrency: 'EUR',
        availability: 'https://schema.org/InStock',
        url: `${ORIGIN}/services/ai-website-building`,
      },
    });
  });

  it('gives every catalogue service its own price', () => {
    for (const service of services) {
      expect(serviceJsonLd(service, ORIGIN).offers).toMatchObject({
        price: service.price.toFixed(2),
        priceCurrency: 'EUR',
      });
    }
  });

  it('has no Offer for the strategy call, whose page shows no price', () => {
    const data = serviceJsonLd(strategyCall, ORIGIN);
    expect(data).not.toHaveProperty('offers');
    expect(data).toMatchObject({ '@type': 'Service', name: 'AI Strategy Call' });
  });
});

describe('blogPostingJsonLd', () => {
  it('describes an article published by the agency on its date', () => {
    const article = {
      slug: 'from-idea-to-mvp',
      title: 'From idea to MVP',
      description: 'How to build it.',
      date: '2025-02-24',
      category: 'Entrepreneurship',
    };
    expect(blogPostingJsonLd(article, ORIGIN, '/blog/from-idea-to-mvp')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: 'From idea to MVP',
      description: 'How to build it.',
      datePublished: '2025-02-24',
      articleSection: 'Entrepreneurship',
      url: `${ORIGIN}/blog/from-idea-to-mvp`,
      mainEntityOfPage: `${ORIGIN}/blog/from-idea-to-mvp`,
      image: `${ORIGIN}/og/article.png`,
      inLanguage: 'en',
      author: { '@id': `${ORIGIN}/#organization` },
      publisher: { '@id': `${ORIGIN}/#organization` },
    });
  });
});

describe('jsonLdText', () => {
  it('cannot close its script element or open a comment, and parses back to the same data', () => {
    const data = { '@type': 'Thing', name: '</script><script>alert(1)</script><!--' };
    const text = jsonLdText(data);
    expect(text).not.toMatch(/<\/script|<!--/i);
    expect(JSON.parse(text)).toEqual(data);
  });
});
