// Design tokens: the one source of colour, type, spacing, radii and shadows for all four apps.
// Text colours are checked against WCAG AA on the backgrounds they are used on.
export const theme = {
  colors: {
    bg: '#ffffff',
    surface: '#f6f7fb',
    surfaceAlt: '#eceffa',
    ink: '#0b1020',
    text: '#1e2433',
    muted: '#4a5468',
    border: '#dde2ee',
    /** Form fields' border: 3.8:1 on white and 3.5:1 on surface (WCAG 1.4.11 asks 3:1; `border` is 1.3:1). */
    fieldBorder: '#7a8499',
    primary: '#4f46e5',
    primaryHover: '#4338ca',
    onPrimary: '#ffffff',
    accent: '#0b7a75',
    accentSoft: '#e1f5f3',
    highlight: '#f59e0b',
    success: '#15803d',
    successSoft: '#e7f6ec',
    danger: '#b42318',
    dangerSoft: '#fdecea',
    focus: '#1d4ed8',
    /** The focus ring on dark surfaces, where `focus` has too little contrast (2.8:1; this is 10.5:1). */
    focusOnDark: '#93c5fd',
    dark: '#0b1020',
    onDark: '#f4f6fb',
    onDarkMuted: '#b7c0d6',
  },
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
};
