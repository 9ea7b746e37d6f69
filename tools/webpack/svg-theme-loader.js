// Themes the site's pictures. A picture shown with <img> is a document of its own: it cannot read the page's
// custom properties. The SVG files paint with the page's names (`fill="var(--color-primary)"`), and this loader
// writes the ones a file uses into the file's own <style>, light and, under `prefers-color-scheme: dark`, dark,
// from the one set of palettes (shared-lib/src/ui/theme.ts). The page chooses its theme by the same media query
// (shared-lib's global style), and Chromium resolves it in an <img> by the page's `color-scheme`, so a picture
// always matches the page around it. A colour the palettes do not have fails the build instead of painting black.
const path = require('node:path');

const THEME = path.join(__dirname, '..', '..', 'shared-lib', 'src', 'ui', 'theme.ts');
const USED = /var\(--color-([a-zA-Z0-9-]+)\)/g;

const kebab = (name) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * The SVG with a <style> defining each `--color-*` it uses, in both palettes; whitespace between elements
 * dropped. `palettes` is theme.ts's `{ light, dark }`.
 */
function themedSvg(source, palettes) {
  const names = [...new Set([...source.matchAll(USED)].map((match) => match[1]))].sort();
  const byVar = (palette) => new Map(Object.entries(palette).map(([name, value]) => [kebab(name), value]));
  const light = byVar(palettes.light);
  const dark = byVar(palettes.dark);
  const unknown = names.filter((name) => !light.has(name) || !dark.has(name));
  if (unknown.length) {
    throw new Error(`colours the palettes do not have: ${unknown.map((n) => `--color-${n}`).join(', ')}`);
  }
  const declarations = (palette) => names.map((name) => `--color-${name}:${palette.get(name)}`).join(';');
  const style = names.length
    ? `<style>:root{${declarations(light)}}@media (prefers-color-scheme:dark){:root{${declarations(dark)}}}</style>`
    : '';
  const open = /<svg\b[^>]*>/.exec(source);
  if (!open) throw new Error('not an SVG document');
  const end = open.index + open[0].length;
  return (source.slice(0, end) + style + source.slice(end)).replace(/>\s+</g, '><').trim();
}

module.exports = function svgThemeLoader(source) {
  const callback = this.async();
  this.addDependency(THEME);
  this.importModule(THEME).then(
    ({ palettes }) => {
      try {
        callback(null, themedSvg(source, palettes));
      } catch (error) {
        callback(new Error(`${path.relative(this.rootContext, this.resourcePath)}: ${error.message}`));
      }
    },
    (error) => callback(error),
  );
};

module.exports.themedSvg = themedSvg;
