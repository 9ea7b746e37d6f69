// Schema.org JSON-LD for search engines and link previews, built from the same data the pages show. Pure
// functions of the site's origin (SITE_URL, see config/runtime-config.ts) and the page's content.
import { company } from '../company/company';

export const SITE_NAME = company.name;
/** For pages that have no description of their own. */
export const SITE_DESCRIPTION =
  'AI automation services and workshops at fixed prices, delivered in 7-14 days.';

export type JsonLd = Record<string, unknown>;

/** What a page is, for its Open Graph type and preview image (`/og/<kind>.png`). */
export type PageKind = 'default' | 'service' | 'article';

/** The path a page is known by: no trailing slash, lower case (the router matches either way). */
export const canonicalPath = (pathname: string): string => pathname.replace(/\/+$/, '').toLowerCase() || '/';

/** The preview image of a kind of page, e.g. `https://shop.example.com/og/article.png`. */
export const ogImageUrl = (origin: string, kind: PageKind): string => `${origin}/og/${kind}.png`;

const organizationId = (origin: string) => `${origin}/#organization`;

/** The agency, on every page, with the company details of its imprint. */
export const organizationJsonLd = (origin: string): JsonLd => ({
  '@context': 'https://schema.org',
  '@type': 'Organization',
  '@id': organizationId(origin),
  name: SITE_NAME,
  legalName: company.legalName,
  url: `${origin}/`,
  logo: `${origin}/icon-512.png`,
  description: SITE_DESCRIPTION,
  email: company.email.contact,
  vatID: company.vatId,
  address: {
    '@type': 'PostalAddress',
    streetAddress: company.address.street,
    postalCode: company.address.postalCode,
    addressLocality: company.address.city,
    addressCountry: company.address.country,
  },
});

export interface ArticleFacts {
  slug: string;
  title: string;
  description: string;
  /** ISO date (YYYY-MM-DD). */
  date: string;
  category: string;
}

/** A blog article, published by the agency. */
export const blogPostingJsonLd = (article: ArticleFacts, origin: string, path: string): JsonLd => ({
  '@context': 'https://schema.org',
  '@type': 'BlogPosting',
  headline: article.title,
  description: article.description,
  datePublished: article.date,
  articleSection: article.category,
  url: origin + path,
  mainEntityOfPage: origin + path,
  image: ogImageUrl(origin, 'article'),
  inLanguage: 'en',
  author: { '@id': organizationId(origin) },
  publisher: { '@id': organizationId(origin) },
});

export interface ServiceFacts {
  title: string;
  description: string;
  path: string;
  /** Euros, only for a page that shows its price. */
  price?: number;
}

/**
 * A service the agency provides. The Offer (the price in euros) is there exactly when the page shows a price:
 * a search result must not promise what the page does not say.
 */
export const serviceJsonLd = (service: ServiceFacts, origin: string): JsonLd => ({
  '@context': 'https://schema.org',
  '@type': 'Service',
  name: service.title,
  description: service.description,
  url: origin + service.path,
  image: ogImageUrl(origin, 'service'),
  provider: { '@id': organizationId(origin) },
  ...(service.price === undefined
    ? {}
    : {
        offers: {
          '@type': 'Offer',
          price: service.price.toFixed(2),
          priceCurrency: 'EUR',
          availability: 'https://schema.org/InStock',
          url: origin + service.path,
        },
      }),
});

/**
 * The JSON for a `<script type="application/ld+json">`: `<` escaped, so no text in the data can close the script
 * element or open a comment in the HTML.
 */
export const jsonLdText = (data: JsonLd): string => JSON.stringify(data).replace(/</g, '\\u003c');
