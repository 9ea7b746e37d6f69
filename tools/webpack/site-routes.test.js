// routes.json lists every page the site routes to, read from the modules the app routes with.
const { siteRoutes } = require('./site-routes');

const routes = siteRoutes();

test('lists the spec pages, every service page and every blog article, with no path parameter left', () => {
  for (const route of ['/', '/how-we-work', '/checkout', '/account', '/auth', '/blog', '/privacy']) {
    expect(routes).toContain(route);
  }
  expect(routes.filter((route) => route.startsWith('/services/'))).toHaveLength(14);
  expect(routes.filter((route) => route.startsWith('/blog/'))).toHaveLength(10);
  expect(routes).toContain('/blog/from-idea-to-mvp');
  expect(routes.some((route) => route.includes(':'))).toBe(false);
});

test('names the files it read, so a watching build notices a new route', () => {
  const files = new Set();
  siteRoutes(files);
  expect([...files].map((file) => file.replace(/\\/g, '/'))).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/shared-lib\/src\/routes\/paths\.ts$/),
      expect.stringMatching(/shared-lib\/src\/catalogue\/service-index\.ts$/),
      expect.stringMatching(/mfe-marketing\/src\/content\/blog-index\.ts$/),
    ]),
  );
});

describe('sitemap.xml and robots.txt', () => {
  const { sitemapEntries, sitemapXml, robotsTxt, personalPaths } = require('./site-routes');
  const entries = sitemapEntries();
  const listed = entries.map((entry) => entry.path);

  test('list every page a crawler may index, every blog article with its date', () => {
    const personal = [
      '/auth',
      '/auth/reset',
      '/account',
      '/account/invoice',
      '/checkout',
      '/checkout/confirmation',
      '/booking',
      '/admin',
      '/admin/orders',
      '/admin/order',
      '/admin/calendar',
      '/admin/promotions',
      '/admin/leads',
      '/admin/newsletter',
    ];
    expect(listed).toEqual(routes.filter((route) => !personal.includes(route)));
    expect(listed).toEqual(
      expect.arrayContaining(['/', '/how-we-work', '/services/ai-strategy-call', '/imprint']),
    );
    expect(entries).toContainEqual({ path: '/blog/from-idea-to-mvp', lastmod: '2025-02-24' });
    expect(entries.filter((entry) => entry.lastmod)).toHaveLength(10);
  });

  test('keep the pages about the visitor out', () => {
    expect(personalPaths()).toEqual([
      '/auth',
      '/auth/reset',
      '/checkout',
      '/checkout/confirmation',
      '/account',
      '/account/invoice',
      '/booking',
      '/admin',
      '/admin/orders',
      '/admin/order',
      '/admin/calendar',
      '/admin/promotions',
      '/admin/leads',
      '/admin/newsletter',
    ]);
    for (const route of personalPaths()) expect(listed).not.toContain(route);
  });

  test('write absolute URLs at the origin given, with XML special characters escaped', () => {
    const xml = sitemapXml(
      [{ path: '/' }, { path: '/blog/a&b', lastmod: '2025-01-15' }],
      'https://shop.example.com',
    );
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        '  <url><loc>https://shop.example.com/</loc></url>',
        '  <url><loc>https://shop.example.com/blog/a&amp;b</loc><lastmod>2025-01-15</lastmod></url>',
        '</urlset>',
        '',
      ].join('\n'),
    );
  });

  test('robots.txt closes the personal pages to crawlers and names the sitemap', () => {
    expect(robotsTxt(['/auth', '/account'], 'https://shop.example.com')).toBe(
      'User-agent: *\nAllow: /\nDisallow: /auth\nDisallow: /account\n\nSitemap: https://shop.example.com/sitemap.xml\n',
    );
  });
});
