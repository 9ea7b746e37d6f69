// Design tokens: the one source of colour, type, spacing, radii and shadows for all four apps.
// Colours come in two palettes (light, and dark for `prefers-color-scheme: dark`). Components read them as CSS
// custom properties (`theme.colors.text` is `var(--color-text)`), so one set of components serves both themes and
// the prerendered HTML follows the visitor's setting from its first paint. The pairs in `contrastPairs` are
// checked against WCAG AA in both palettes (theme.test.ts).
const light = {
  bg: '#ffffff',
  surface: '#f6f7fb',
  surfaceAlt: '#eceffa',
  ink: '#0b1020',
  text: '#1e2433',
  muted: '#4a5468',
  /** Form fields' placeholder text. */
  placeholder: '#626b7f',
  border: '#dde2ee',
  /** Form fields' border: 3:1 or more on the backgrounds fields sit on (WCAG 1.4.11; `border` is decorative). */
  fieldBorder: '#7a8499',
  primary: '#4f46e5',
  primaryHover: '#4338ca',
  onPrimary: '#ffffff',
  accent: '#0b7a75',
  accentSoft: '#e1f5f3',
  highlight: '#f59e0b',
  highlightSoft: '#fff4d6',
  onHighlightSoft: '#7a4b00',
  success: '#147a3a',
  successSoft: '#e7f6ec',
  danger: '#b42318',
  dangerSoft: '#fdecea',
  onDanger: '#ffffff',
  focus: '#1d4ed8',
  /** The focus ring on dark surfaces, where `focus` has too little contrast. */
  focusOnDark: '#93c5fd',
  dark: '#0b1020',
  /** The hairline between two dark surfaces that meet (a page's last dark band and the footer). */
  darkBorder: '#2e3656',
  onDark: '#f4f6fb',
  onDarkMuted: '#b7c0d6',
  /** The soft light behind the home page's hero. */
  glow: '#e3e7ff',
  /** Illustrations: a second and third hue beside primary and accent. */
  art1: '#c7d2fe',
  art2: '#99f6e4',
  art3: '#fde68a',
};

export type ColorName = keyof typeof light;
export type Palette = Record<ColorName, string>;

const dark: Palette = {
  bg: '#0c111f',
  surface: '#131a2c',
  surfaceAlt: '#1c2439',
  ink: '#f4f6fb',
  text: '#d8deea',
  muted: '#a4aec4',
  placeholder: '#8c96ad',
  border: '#28314a',
  fieldBorder: '#6f7a94',
  primary: '#8f98ff',
  primaryHover: '#aab1ff',
  onPrimary: '#0b1020',
  accent: '#4fd1c5',
  accentSoft: '#10302f',
  highlight: '#fbbf24',
  highlightSoft: '#3a2c07',
  onHighlightSoft: '#fcd88a',
  success: '#5bd38a',
  successSoft: '#0f2a1b',
  danger: '#ff8a80',
  dangerSoft: '#3a1616',
  onDanger: '#0b1020',
  focus: '#93c5fd',
  focusOnDark: '#93c5fd',
  dark: '#1a2142',
  darkBorder: '#39446f',
  onDark: '#f4f6fb',
  onDarkMuted: '#c3cbe0',
  glow: '#1b2150',
  art1: '#3b3f8f',
  art2: '#145e58',
  art3: '#6b5313',
};

export const palettes: Record<'light' | 'dark', Palette> = { light, dark };

/** Foreground/background pairs the components use, with the contrast WCAG AA asks of each (4.5 text, 3 UI). */
export const contrastPairs: ReadonlyArray<readonly [ColorName, ColorName, number]> = [
  ['text', 'bg', 4.5],
  ['text', 'surface', 4.5],
  ['text', 'surfaceAlt', 4.5],
  ['ink', 'bg', 4.5],
  ['ink', 'surface', 4.5],
  ['ink', 'surfaceAlt', 4.5],
  ['ink', 'border', 4.5],
  ['muted', 'bg', 4.5],
  ['muted', 'surface', 4.5],
  ['muted', 'surfaceAlt', 4.5],
  ['placeholder', 'bg', 4.5],
  ['primary', 'bg', 4.5],
  ['primary', 'surface', 4.5],
  ['onPrimary', 'primary', 4.5],
  ['onPrimary', 'primaryHover', 4.5],
  ['accent', 'accentSoft', 4.5],
  ['accent', 'bg', 4.5],
  ['onHighlightSoft', 'highlightSoft', 4.5],
  ['success', 'successSoft', 4.5],
  ['success', 'bg', 4.5],
  ['text', 'successSoft', 4.5],
  ['text', 'dangerSoft', 4.5],
  ['danger', 'dangerSoft', 4.5],
  ['danger', 'bg', 4.5],
  ['onDanger', 'danger', 4.5],
  ['onDark', 'dark', 4.5],
  ['onDarkMuted', 'dark', 4.5],
  ['fieldBorder', 'bg', 3],
  ['fieldBorder', 'surface', 3],
  ['focus', 'bg', 3],
  ['focus', 'surface', 3],
  ['focusOnDark', 'dark', 3],
  ['primary', 'dark', 3],
];

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
/** The custom property holding a colour, e.g. `--color-surface-alt`. */
const colorVar = (name: ColorName) => `--color-${kebab(name)}`;

/** A palette as custom property declarations, for the global style. */
export const paletteCss = (palette: Palette) =>
  (Object.keys(palette) as ColorName[]).map((name) => `${colorVar(name)}: ${palette[name]};`).join(' ');

const colors = Object.fromEntries(
  (Object.keys(light) as ColorName[]).map((name) => [name, `var(${colorVar(name)})`]),
) as Record<ColorName, string>;

export const theme = {
  colors,
  fonts: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  },
  fontSizes: {
    xs: '0.75rem',
    sm: '0.875rem',
    md: '1rem',
    lg: '1.125rem',
    xl: '1.375rem',
    '2xl': '1.75rem',
    '3xl': 'clamp(1.875rem, 1.4rem + 2vw, 2.5rem)',
    '4xl': 'clamp(2.25rem, 1.6rem + 3.2vw, 3.5rem)',
  },
  space: {
    1: '0.25rem',
    2: '0.5rem',
    3: '0.75rem',
    4: '1rem',
    5: '1.5rem',
    6: '2rem',
    7: '3rem',
    8: '4rem',
    9: '6rem',
  },
  radii: { sm: '6px', md: '10px', lg: '16px', pill: '999px' },
  shadows: {
    sm: '0 1px 2px rgba(11, 16, 32, 0.06)',
    md: '0 6px 20px rgba(11, 16, 32, 0.08)',
    lg: '0 18px 48px rgba(11, 16, 32, 0.16)',
  },
  layout: { maxWidth: '72rem', headerHeight: '4.5rem', headerHeightCompact: '3.5rem' },
  breakpoints: { sm: '40em', md: '48em', lg: '64em' },
  z: { header: 40, dropdown: 50, dialog: 60, toast: 70 },
} as const;

export type Theme = typeof theme;

export const media = {
  sm: `@media (min-width: ${theme.breakpoints.sm})`,
  md: `@media (min-width: ${theme.breakpoints.md})`,
  lg: `@media (min-width: ${theme.breakpoints.lg})`,
  reducedMotion: '@media (prefers-reduced-motion: reduce)',
  darkScheme: '@media (prefers-color-scheme: dark)',
};
