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
