// A page's metadata, rendered with the page: React 19 hoists <title>, <meta> and <link> into <head>, and takes
// them out again when the page unmounts, so each page has exactly one title, description and canonical link.
// The prerender (scripts/prerender.mjs) saves them into the page's HTML for crawlers and link previews, which run
// no JavaScript.
import { useLocation } from 'react-router-dom';
import { siteUrl } from '../config/runtime-config';
import { personalPaths } from '../routes/paths';
import {
  canonicalPath,
  jsonLdText,
  ogImageUrl,
  organizationJsonLd,
  SITE_DESCRIPTION,
  SITE_NAME,
  type JsonLd,
  type PageKind,
} from '../seo/structured-data';

export interface PageMetaProps {
  /** The page's title; the tab shows it with the site's name after it. */
  title: string;
  description?: string;
  /** What the page is: its Open Graph type and preview image follow. */
  kind?: PageKind;
  /** JSON-LD about the page's subject (a Service, a BlogPosting), beside the site's Organization. */
  structuredData?: JsonLd;
  /** A page that is not one of the site's (404): kept out of search results. */
  notFound?: boolean;
}

function JsonLdScript({ data }: { data: JsonLd }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(data) }} />;
}

export function PageMeta({
  title,
  description = SITE_DESCRIPTION,
  kind = 'default',
  structuredData,
  notFound = false,
}: PageMetaProps) {
  const origin = siteUrl();
  const path = canonicalPath(useLocation().pathname);
  // Pages about the visitor are not in the sitemap either (tools/webpack/site-routes.js).
  const indexable = !notFound && !personalPaths.includes(path);
  const url = origin + path;
  const image = ogImageUrl(origin, kind);
  return (
    <>
      <title>{title === SITE_NAME ? title : `${title} | ${SITE_NAME}`}</title>
      <meta name="description" content={description} />
      {indexable ? <link rel="canonical" href={url} /> : <meta name="robots" content="noindex" />}
      <meta property="og:site_name" content={SITE_NAME} />
      <meta property="og:type" content={kind === 'article' ? 'article' : 'website'} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      {indexable ? <meta property="og:url" content={url} /> : null}
      <meta property="og:image" content={image} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={image} />
      <JsonLdScript data={organizationJsonLd(origin)} />
      {structuredData ? <JsonLdScript data={structuredData} /> : null}
    </>
  );
}
