// SITE_URL: the public origin put into the build's pages, sitemap and robots.txt when they are served.
const {
  SITE_URL_PLACEHOLDER,
  siteOrigin,
  withSiteUrl,
  remoteUrlPlaceholder,
  withRemoteUrls,
} = require('./site-url');

test('an origin is taken as it is, without the trailing slash', () => {
  expect(siteOrigin('https://shop.example.com/')).toBe('https://shop.example.com');
  expect(siteOrigin('http://localhost:3000')).toBe('http://localhost:3000');
  expect(siteOrigin('HTTPS://Shop.Example.COM:443')).toBe('https://shop.example.com');
});

test.each([
  ['shop.example.com', /http\(s\) URL/],
  ['ftp://shop.example.com', /http\(s\) URL/],
  ['javascript:alert(1)', /http\(s\) URL/],
  ['https://user:secret@shop.example.com', /http\(s\) URL/],
  ['https://shop.example.com/store', /origin only/],
  ['https://shop.example.com/?a=1', /origin only/],
])('refuses %s', (value, message) => {
  expect(() => siteOrigin(value)).toThrow(message);
});

test('a host name with characters HTML would read is written in its ASCII form, so it needs no escaping', () => {
  expect(siteOrigin('https://bücher.example')).toBe('https://xn--bcher-kva.example');
  expect(() => siteOrigin('https://a"b.example')).toThrow(/host name/);
});

test('every placeholder origin in a text becomes the site origin', () => {
  const text = `<link rel="canonical" href="${SITE_URL_PLACEHOLDER}/about"><loc>${SITE_URL_PLACEHOLDER}/</loc>`;
  expect(withSiteUrl(text, 'https://shop.example.com')).toBe(
    '<link rel="canonical" href="https://shop.example.com/about"><loc>https://shop.example.com/</loc>',
  );
});

test("each remote's placeholder becomes the folder of its manifest, wherever config.json puts the remote", () => {
  const text =
    `<img src="${remoteUrlPlaceholder('marketing')}assets/hero.0123456789.svg">` +
    `<img src="${remoteUrlPlaceholder('catalog')}assets/globe.0123456789.svg">`;
  expect(
    withRemoteUrls(text, {
      marketing: 'https://cdn.example.com/marketing/mf-manifest.json',
      catalog: 'http://localhost:3002/mf-manifest.json',
    }),
  ).toBe(
    '<img src="https://cdn.example.com/marketing/assets/hero.0123456789.svg">' +
      '<img src="http://localhost:3002/assets/globe.0123456789.svg">',
  );
});

test('a remote location cannot end the attribute it is written into, nor insert a replacement pattern', () => {
  const text = `<img src="${remoteUrlPlaceholder('marketing')}a.svg">`;
  expect(withRemoteUrls(text, { marketing: 'https://a"b.example/$&/mf-manifest.json' })).toBe(
    '<img src="https://a%22b.example/$&/a.svg">',
  );
});
