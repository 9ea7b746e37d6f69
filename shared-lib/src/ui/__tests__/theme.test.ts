import { contrastPairs, palettes, paletteCss, theme } from '../theme';

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string) {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

it('computes contrast as WCAG does', () => {
  expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
  expect(contrast('#ffffff', '#ffffff')).toBe(1);
  expect(contrast('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
});

describe.each(['light', 'dark'] as const)('the %s palette', (name) => {
  const palette = palettes[name];

  it('declares every colour as #rrggbb', () => {
    for (const value of Object.values(palette)) expect(value).toMatch(/^#[0-9a-f]{6}$/);
  });

  it.each(contrastPairs.map(([fg, bg, min]) => [fg, bg, min]))('%s on %s reaches %d:1', (fg, bg, min) => {
    expect(contrast(palette[fg], palette[bg])).toBeGreaterThanOrEqual(min);
  });
});

it('gives both palettes the same colour names, read through custom properties', () => {
  expect(Object.keys(palettes.dark).sort()).toEqual(Object.keys(palettes.light).sort());
  expect(theme.colors.surfaceAlt).toBe('var(--color-surface-alt)');
  // The illustrations name these directly (var(--color-art1)).
  expect(theme.colors.art1).toBe('var(--color-art1)');
  expect(paletteCss(palettes.dark)).toContain('--color-surface-alt: #1c2439;');
});
