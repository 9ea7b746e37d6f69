/* eslint-disable testing-library/no-node-access -- what is tested is <head>, which holds nothing Testing Library queries */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { setRuntimeConfig } from '../../config/runtime-config';
import { routerFuture } from '../../routes/paths';
import { testRuntimeConfig } from '../../testing';
import { PageMeta } from '../page-meta';

const SITE = 'https://shop.example.com';

const head = () => ({
  titles: [...document.querySelectorAll('title')].map((title) => title.textContent),
  descriptions: [...document.querySelectorAll('meta[name="description"]')].map((meta) =>
    meta.getAttribute('content'),
  ),
  canonical: [...document.querySelectorAll('link[rel="canonical"]')].map((link) => link.getAttribute('href')),
  meta: (key: string) =>
    [...document.head.querySelectorAll(`meta[property="${key}"], meta[name="${key}"]`)].map((meta) =>
      meta.getAttribute('content'),
    ),
  jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map(
    (script) => JSON.parse(script.textContent!) as Record<string, unknown>,
  ),
});

function renderAt(route: string, element: React.ReactElement) {
  return render(
    <MemoryRouter initialEntries={[route]} future={routerFuture}>
      <Routes>
        <Route path="*" element={element} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => setRuntimeConfig({ ...testRuntimeConfig, siteUrl: SITE }));

describe('PageMeta', () => {
  it("puts the page's title, description, canonical link and preview tags in <head>", () => {
    renderAt('/About/', <PageMeta title="About" description="Who we are." />);
    const tags = head();
    expect(document.title).toBe('About | AI Made Simple');
    expect(tags.descriptions).toEqual(['Who we are.']);
    expect(tags.canonical).toEqual([`${SITE}/about`]);
    expect(tags.meta('og:url')).toEqual([`${SITE}/about`]);
    expect(tags.meta('og:type')).toEqual(['website']);
    expect(tags.meta('og:title')).toEqual(['About']);
    expect(tags.meta('og:description')).toEqual(['Who we are.']);
    expect(tags.meta('og:image')).toEqual([`${SITE}/og/default.png`]);
    expect(tags.meta('og:site_name')).toEqual(['AI Made Simple']);
    expect(tags.meta('twitter:card')).toEqual(['summary_large_image']);
    expect(tags.meta('twitter:image')).toEqual([`${SITE}/og/default.png`]);
    expect(tags.meta('robots')).toEqual([]);
    expect(tags.jsonLd).toEqual([expect.objectContaining({ '@type': 'Organization', url: `${SITE}/` })]);
  });

  it('keeps the home title as the site name alone', () => {
    renderAt('/', <PageMeta title="AI Made Simple" />);
    expect(document.title).toBe('AI Made Simple');
    expect(head().canonical).toEqual([`${SITE}/`]);
  });

  it("gives an article its type, image and JSON-LD beside the agency's", () => {
    renderAt(
      '/blog/a',
      <PageMeta title="A" description="B" kind="article" structuredData={{ '@type': 'BlogPosting' }} />,
    );
    const tags = head();
    expect(tags.meta('og:type')).toEqual(['article']);
    expect(tags.meta('og:image')).toEqual([`${SITE}/og/article.png`]);
    expect(tags.jsonLd.map((data) => data['@type'])).toEqual(['Organization', 'BlogPosting']);
  });

  it('keeps the 404 page and the pages about the visitor out of search results', () => {
    for (const [route, props] of [
      ['/nowhere', { notFound: true }],
      ['/account', {}],
      ['/checkout/', {}],
      ['/auth', {}],
    ] as const) {
      const { unmount } = renderAt(route, <PageMeta title="X" {...props} />);
      expect(head().meta('robots')).toEqual(['noindex']);
      expect(head().canonical).toEqual([]);
      expect(head().meta('og:url')).toEqual([]);
      unmount();
    }
  });

  it('leaves one title and one set of tags after navigating from page to page', async () => {
    const user = userEvent.setup();
    renderAt(
      '/about',
      <Routes>
        <Route
          path="/about"
          element={
            <>
              <PageMeta title="About" description="Who we are." />
              <Link to="/cases">Cases</Link>
            </>
          }
        />
        <Route path="/cases" element={<PageMeta title="Cases" description="Three projects." />} />
      </Routes>,
    );
    await user.click(screen.getByRole('link', { name: 'Cases' }));
    const tags = head();
    expect(tags.titles).toEqual(['Cases | AI Made Simple']);
    expect(tags.descriptions).toEqual(['Three projects.']);
    expect(tags.canonical).toEqual([`${SITE}/cases`]);
    expect(tags.meta('og:title')).toEqual(['Cases']);
    expect(tags.jsonLd).toHaveLength(1);
  });

  it("takes the page's origin when config.json has no siteUrl", () => {
    setRuntimeConfig(testRuntimeConfig);
    renderAt('/cases', <PageMeta title="Cases" />);
    expect(head().canonical).toEqual([`${window.location.origin}/cases`]);
  });
});
