// The web app manifest (shell/public/manifest.webmanifest) names icons that exist, at the sizes it states.
const fs = require('node:fs');
const path = require('node:path');

const publicDir = path.join(__dirname, '..', '..', 'shell', 'public');
const manifest = JSON.parse(fs.readFileSync(path.join(publicDir, 'manifest.webmanifest'), 'utf8'));

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(file) {
  const bytes = fs.readFileSync(file);
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

test('names the site, starts at its home page and has a PNG icon of 192 and of 512 pixels', () => {
  expect(manifest).toMatchObject({ name: 'AI Made Simple', start_url: '/' });
  const pngs = manifest.icons.filter((icon) => icon.type === 'image/png').map((icon) => icon.sizes);
  expect(pngs).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(manifest.icons).toContainEqual({ src: '/favicon.svg', type: 'image/svg+xml', sizes: 'any' });
});

test.each(manifest.icons.filter((icon) => icon.type === 'image/png'))('$src is a PNG of $sizes', (icon) => {
  expect(pngSize(path.join(publicDir, icon.src))).toBe(icon.sizes);
});

test('the Apple touch icon the pages link to is a 180 pixel PNG', () => {
  expect(pngSize(path.join(publicDir, 'apple-touch-icon.png'))).toBe('180x180');
});
