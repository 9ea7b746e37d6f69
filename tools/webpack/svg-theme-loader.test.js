// The pictures' theming (svg-theme-loader.js): an SVG file shown with <img> carries the palette colours it uses,
// light and dark, in its own <style>.
const fs = require('node:fs');
const path = require('node:path');
const { themedSvg } = require('./svg-theme-loader');
const { readApps } = require('./apps');
const { palettes } = require('../../shared-lib/src/ui/theme.ts');

const picture = (body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" width="10" height="10">\n  ${body}\n</svg>\n`;

test('writes each colour the file uses, from both palettes, the dark ones under prefers-color-scheme', () => {
  const svg = themedSvg(
    picture(
      '<rect fill="var(--color-primary)" stroke="var(--color-surface-alt)"/>\n  <circle fill="var(--color-primary)"/>',
    ),
    palettes,
  );
  expect(svg).toBe(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" width="10" height="10">' +
      `<style>:root{--color-primary:${palettes.light.primary};--color-surface-alt:${palettes.light.surfaceAlt}}` +
      `@media (prefers-color-scheme:dark){:root{--color-primary:${palettes.dark.primary};` +
      `--color-surface-alt:${palettes.dark.surfaceAlt}}}</style>` +
      '<rect fill="var(--color-primary)" stroke="var(--color-surface-alt)"/><circle fill="var(--color-primary)"/></svg>',
  );
});

test('a file that names no palette colour gets no style', () => {
  expect(themedSvg(picture('<rect fill="#000"/>'), palettes)).not.toContain('<style>');
});

test('refuses a colour the palettes do not have, instead of letting it paint black', () => {
  expect(() => themedSvg(picture('<rect fill="var(--color-fieldBorder)"/>'), palettes)).toThrow(
    'colours the palettes do not have: --color-fieldBorder',
  );
});

test('refuses a file that is not an SVG document', () => {
  expect(() => themedSvg('<html></html>', palettes)).toThrow('not an SVG document');
});

test("every picture of the site's slices names only colours of the palettes", () => {
  const repo = path.join(__dirname, '..', '..');
  // shared-lib, the shell and every remote (their descriptors).
  const folders = ['shared-lib', ...readApps().map((app) => app.package)];
  const files = folders.flatMap((folder) =>
    fs
      .readdirSync(path.join(repo, folder, 'src'), { recursive: true })
      .filter((file) => file.endsWith('.svg'))
      .map((file) => path.join(repo, folder, 'src', file)),
  );
  expect(files).toEqual(
    expect.arrayContaining([
      path.join(repo, 'mfe-marketing', 'src', 'art', 'hero.svg'),
      path.join(repo, 'shared-lib', 'src', 'ui', 'service-art', 'workflow.svg'),
    ]),
  );
  for (const file of files) {
    expect(() => themedSvg(fs.readFileSync(file, 'utf8'), palettes)).not.toThrow();
  }
});
