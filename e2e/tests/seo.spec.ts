// What search engines and link previews read, most of which run no JavaScript: each public page's HTML carries
// its canonical link, Open Graph and Twitter card tags and JSON-LD; sitemap.xml lists every page a crawler may
// index and robots.txt names it; the web app manifest and its icons are served; and all of it names the site by
// SITE_URL, not by the host the build ran on (issue 24).
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { articles } from '../../mfe-marketing/src/content/blog';
import { blogIndex } from '../../mfe-marketing/src/content/blog-index';
import { serviceIndex, servicePaths, strategyCallPath } from '../../shared-lib/src/catalogue/service-index';
import { formatEuro } from '../../shared-lib/src/format/format';
import { personalPaths, remotePaths } from '../../shared-lib/src/routes/paths';
import { repoRoot } from '../support/servers';
import { shellUrl } from '../support/site';
import { test, expect } from '../fixtures';

const ORIGIN = shellUrl;
const STRATEGY_CALL = strategyCallPath;
const articlePaths = blogIndex.map(({ slug }) => `/blog/${slug}`);
/** Every page a crawler may index: the routing table with the blog's slugs, less the pages about the visitor. */
const indexablePaths = Object.values(remotePaths)
  .flat()
  .flatMap((route) => (route === '/blog/:slug' ? articlePaths : [route]))
  .filter((route) => !personalPaths.includes(route));

type JsonLd = Record<string, unknown> & { '@type': string };

/** The page's metadata as its HTML has it (read with JavaScript off, or from the live page). */
async function readHead(page: Page) {
  return page.evaluate(() => {
    const all = (selector: string) =>
      [...document.querySelectorAll(selector)].map(
        (element) => element.getAttribute('content') ?? element.getAttribute('href') ?? element.textContent,
      );
    return {
      titles: all('head > title'),
      descriptions: all('meta[name="description"]'),
      canonical: all('link[rel="canonical"]'),
      robots: all('meta[name="robots"]'),
      og: Object.fromEntries(
        ['type', 'title', 'description', 'url', 'image', 'site_name'].map((key) => [
          key,
          all(`meta[property="og:${key}"]`),
        ]),
      ),
      twitter: Object.fromEntries(
        ['card', 'title', 'description', 'image'].map((key) => [key, all(`meta[name="twitter:${key}"]`)]),
      ),
      jsonLd: all('script[type="application/ld+json"]'),
    };
  });
}

const parseJsonLd = (texts: (string | null)[]) => texts.map((text) => JSON.parse(text!) as JsonLd);

test.describe('without JavaScript, as a crawler or link preview reads a page', () => {
  test.use({ javaScriptEnabled: false });

  for (const [route, kind, title] of [
    ['/', 'default', 'AI Made Simple'],
    ['/how-we-work', 'default', 'Our Services | AI Made Simple'],
    ['/services/ai-website-building', 'service', 'Smart Website | AI Made Simple'],
    [articlePaths[0]!, 'article', `${articles[0]!.title} | AI Made Simple`],
  ] as const) {
    test(`${route} names itself once, with its canonical URL, preview tags and the agency`, async ({
      page,
    }) => {
      await page.goto(route);
      const head = await readHead(page);
      expect(head.titles).toEqual([title]);
      expect(head.descriptions).toHaveLength(1);
      expect(head.descriptions[0]).not.toBe('');
      expect(head.canonical).toEqual([ORIGIN + route]);
      expect(head.robots).toEqual([]);
      expect(head.og).toEqual({
        type: [kind === 'article' ? 'article' : 'website'],
        title: [head.titles[0]!.replace(/ \| AI Made Simple$/, '')],
        description: head.descriptions,
        url: [ORIGIN + route],
        image: [`${ORIGIN}/og/${kind}.png`],
        site_name: ['AI Made Simple'],
      });
      expect(head.twitter).toEqual({
        card: ['summary_large_image'],
        title: head.og.title,
        description: head.descriptions,
        image: head.og.image,
      });
      const organizations = parseJsonLd(head.jsonLd).filter((data) => data['@type'] === 'Organization');
      expect(organizations).toEqual([
        expect.objectContaining({
          '@context': 'https://schema.org',
          name: 'AI Made Simple',
          url: `${ORIGIN}/`,
        }),
      ]);
    });
  }

  test('a service page that shows its price offers it in euros in its Service', async ({ page }) => {
    for (const { path: route, price } of serviceIndex) {
      await page.goto(route);
      // The page's button says 'Add to Cart - €899.00': the Offer says the same price.
      await expect(page.getByRole('button', { name: `Add to Cart - ${formatEuro(price)}` })).toHaveCount(1);
      const services = parseJsonLd((await readHead(page)).jsonLd).filter(
        (data) => data['@type'] === 'Service',
      );
      expect(services, route).toEqual([
        expect.objectContaining({
          name: await page.getByRole('heading', { level: 1 }).textContent(),
          url: ORIGIN + route,
          offers: expect.objectContaining({
            '@type': 'Offer',
            priceCurrency: 'EUR',
            price: price.toFixed(2),
          }),
        }),
      ]);
    }
  });

  test('the strategy call, booked rather than bought, shows no price and offers none', async ({ page }) => {
    expect(servicePaths.filter((route) => !serviceIndex.some((s) => s.path === route))).toEqual([
      STRATEGY_CALL,
    ]);
    await page.goto(STRATEGY_CALL);
    await expect(page.getByRole('link', { name: 'Book Your Call' })).toBeVisible();
    await expect(page.getByText('€')).toHaveCount(0);
    const services = parseJsonLd((await readHead(page)).jsonLd).filter((data) => data['@type'] === 'Service');
    expect(services).toEqual([
      expect.objectContaining({ name: 'AI Strategy Call', url: ORIGIN + STRATEGY_CALL }),
    ]);
    expect(services[0]).not.toHaveProperty('offers');
  });

  test('every blog article is a BlogPosting with its headline and date', async ({ page }) => {
    for (const { slug, date } of blogIndex) {
      await page.goto(`/blog/${slug}`);
      const posts = parseJsonLd((await readHead(page)).jsonLd).filter(
        (data) => data['@type'] === 'BlogPosting',
      );
      expect(posts, slug).toEqual([
        expect.objectContaining({
          headline: await page.getByRole('heading', { level: 1 }).textContent(),
          datePublished: date,
          url: `${ORIGIN}/blog/${slug}`,
        }),
      ]);
    }
  });

  test('the 404 page is kept out of search results', async ({ page }) => {
    await page.goto('/no-such-page');
    const head = await readHead(page);
    expect(head.robots).toEqual(['noindex']);
    expect(head.canonical).toEqual([]);
    expect(head.titles).toEqual(['Page not found | AI Made Simple']);
  });
});

test('sitemap.xml lists every page a crawler may index, and only those', async ({ request }) => {
  const response = await request.get('/sitemap.xml');
  expect(response.headers()['content-type']).toMatch(/^application\/xml/);
  const xml = await response.text();
  expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org/);
  const listed = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
  expect([...listed].sort()).toEqual(indexablePaths.map((route) => ORIGIN + route).sort());
  expect(listed).toEqual(expect.arrayContaining(articlePaths.map((route) => ORIGIN + route)));
  for (const route of ['/account', '/checkout', '/auth']) expect(listed).not.toContain(ORIGIN + route);
  // Every page it names is there, and its HTML names it (prerendered with its metadata, for crawlers without JS).
  for (const url of listed) {
    const page = await request.get(url);
    expect(page.status(), url).toBe(200);
    expect(await page.text(), url).toContain(`<link rel="canonical" href="${url}"`);
  }
});

test('robots.txt names the sitemap and closes the pages about the visitor', async ({ request }) => {
  const response = await request.get('/robots.txt');
  expect(response.headers()['content-type']).toMatch(/^text\/plain/);
  const robots = await response.text();
  expect(robots).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  expect(robots).toMatch(/^User-agent: \*$/m);
  for (const route of ['/account', '/checkout'])
    expect(robots).toMatch(new RegExp(`^Disallow: ${route}$`, 'm'));
});

test('the web app manifest and its icons are served with their content types', async ({ request }) => {
  const html = await (await request.get('/about')).text();
  expect(html).toMatch(/<link rel="?manifest"? href="?\/manifest\.webmanifest/); // (minified: quotes optional)
  const response = await request.get('/manifest.webmanifest');
  expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await response.json()) as { icons: { src: string; type: string; sizes: string }[] };
  expect(manifest.icons.map((icon) => icon.sizes)).toEqual(
    expect.arrayContaining(['192x192', '512x512', 'any']),
  );
  for (const icon of manifest.icons) {
    const file = await request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()['content-type'], icon.src).toBe(icon.type);
  }
  const touch = await request.get('/apple-touch-icon.png');
  expect(touch.headers()['content-type']).toBe('image/png');
});

test('the live app keeps one title, description and canonical link per page as the visitor moves on', async ({
  page,
}) => {
  const expectOneOfEach = async (route: string, title: string) => {
    await expect(page).toHaveTitle(title);
    await expect
      .poll(async () => {
        const head = await readHead(page);
        return {
          titles: head.titles,
          descriptions: head.descriptions.length,
          canonical: head.canonical,
          ogUrl: head.og.url,
          organizations: parseJsonLd(head.jsonLd).filter((data) => data['@type'] === 'Organization').length,
        };
      })
      .toEqual({
        titles: [title],
        descriptions: 1,
        canonical: [ORIGIN + route],
        ogUrl: [ORIGIN + route],
        organizations: 1,
      });
  };
  await page.goto('/');
  await expectOneOfEach('/', 'AI Made Simple');
  await page.getByRole('banner').getByRole('link', { name: 'Our Services' }).click();
  await expectOneOfEach('/how-we-work', 'Our Services | AI Made Simple');
  await page
    .getByRole('link', { name: /Learn More/ })
    .first()
    .click();
  await expectOneOfEach('/services/ai-website-building', 'Smart Website | AI Made Simple');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Blog' }).click();
  await expectOneOfEach('/blog', 'AI Insights & Guides | AI Made Simple');
  await page.goBack();
  await expectOneOfEach('/services/ai-website-building', 'Smart Website | AI Made Simple');
});

test('a page the server sends without a snapshot (sign-in) ends with its own title only, kept out of search results', async ({
  page,
}) => {
  await page.goto('/auth');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
  await expect
    .poll(async () => {
      const head = await readHead(page);
      return {
        titles: head.titles,
        robots: head.robots,
        canonical: head.canonical,
        descriptions: head.descriptions,
      };
    })
    .toEqual({
      titles: ['Sign In | AI Made Simple'],
      robots: ['noindex'],
      canonical: [],
      descriptions: ['Sign in to access your cart and checkout'],
    });
});

// The production static server over the shell's real build, with SITE_URL set: one server in a child process (as
// the scripts run it, an ES module), not a second site. config.json's siteUrl is npm start's runtime config
// (tools/scripts/site-url.test.js).
test.describe('SITE_URL', () => {
  const SITE = 'https://shop.example.com';
  let server: ChildProcess | undefined;
  let served = '';

  test.beforeAll(async () => {
    const program = `
      import { createStaticApp, listen } from ${JSON.stringify(path.join(repoRoot, 'scripts', 'lib', 'static-server.mjs'))};
      const app = createStaticApp({ root: ${JSON.stringify(path.join(repoRoot, 'shell', 'dist'))}, kind: 'shell', siteUrl: ${JSON.stringify(SITE)} });
      const server = await listen(app, 0, '127.0.0.1');
      console.log(String(server.address().port)); // a string: FORCE_COLOR would colour a number
    `;
    server = spawn(process.execPath, ['--input-type=module', '-e', program], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const started = server;
    const port = await new Promise<number>((resolve, reject) => {
      let out = '';
      started.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const line = /^(\d+)$/m.exec(out);
        if (line) resolve(Number(line[1]));
      });
      started.once('exit', (code) => reject(new Error(`the static server exited with ${code}: ${out}`)));
    });
    served = `http://127.0.0.1:${port}`;
  });

  test.afterAll(() => {
    server?.kill('SIGTERM');
  });

  test('names the site in the pages, the sitemap and robots.txt, whatever host serves them', async ({
    request,
  }) => {
    const get = (file: string) => request.get(`${served}${file}`);
    const html = await (await get('/services/ai-website-building')).text();
    expect(html).toContain(`<link rel="canonical" href="${SITE}/services/ai-website-building"`);
    expect(html).toContain(`<meta property="og:image" content="${SITE}/og/service.png"`);
    expect(html).toContain(`"url":"${SITE}/"`);
    expect(html).not.toContain('site-url.invalid');
    const sitemap = await (await get('/sitemap.xml')).text();
    expect(sitemap).toContain(`<loc>${SITE}/about</loc>`);
    expect(sitemap).not.toMatch(/localhost|site-url\.invalid/);
    expect(await (await get('/robots.txt')).text()).toContain(`Sitemap: ${SITE}/sitemap.xml`);
  });
});
