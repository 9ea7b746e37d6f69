// The illustrations paint with the theme's custom properties, so they follow the light and dark palettes.
export const c = (name: string) => `var(--color-${name})`;
export const P = c('primary');
export const A = c('accent');
export const H = c('highlight');
export const BG = c('bg');
export const INK = c('ink');
export const MUTED = c('muted');
export const BORDER = c('border');
export const SURFACE = c('surface-alt');
export const SOFT1 = c('art1');
export const SOFT2 = c('art2');
export const SOFT3 = c('art3');
