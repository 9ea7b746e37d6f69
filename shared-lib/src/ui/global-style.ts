import { createGlobalStyle, css } from 'styled-components';
import { media, palettes, paletteCss } from './theme';

/** For a surface in `colors.dark`: focus rings inside it use the light ring colour. */
export const darkSurfaceFocus = css`
  --focus-ring: ${({ theme }) => theme.colors.focusOnDark};
`;

export const GlobalStyle = createGlobalStyle`
  /* Both palettes as custom properties: the browser picks one before any script runs, so a prerendered page
     never flashes the other theme. color-scheme themes the form controls and scrollbars to match. */
  :root { color-scheme: light; ${paletteCss(palettes.light)} }
  ${media.darkScheme} {
    :root { color-scheme: dark; ${paletteCss(palettes.dark)} }
  }
  *, *::before, *::after { box-sizing: border-box; }
  /* scroll-padding-top: what focus or an anchor scrolls to stays clear of the sticky header, and of the toasts
     hanging below it on a phone (--toast-inset, their bottom edge, set by the Toaster) (WCAG 2.4.11).
     --promo-bar-height: the promotion bar fixed to the bottom of the window (the shell's PromoBanner sets it while
     it shows): focus stays clear of it too, and the page's end scrolls out from under it. */
  html {
    -webkit-text-size-adjust: 100%;
    scroll-behavior: smooth;
    scroll-padding-top: max(
      calc(${({ theme }) => theme.layout.headerHeight} + 1rem),
      calc(var(--toast-inset, 0px) + 0.5rem)
    );
    scroll-padding-bottom: var(--promo-bar-height, 0px);
  }
  ${media.reducedMotion} {
    html { scroll-behavior: auto; }
    *, *::before, *::after { animation-duration: 0.01ms !important; transition-duration: 0.01ms !important; }
  }
  body {
    margin: 0;
    font-family: ${({ theme }) => theme.fonts.body};
    font-size: ${({ theme }) => theme.fontSizes.md};
    line-height: 1.6;
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.bg};
    -webkit-font-smoothing: antialiased;
    padding-bottom: var(--promo-bar-height, 0px);
  }
  h1, h2, h3, h4 { color: ${({ theme }) => theme.colors.ink}; line-height: 1.2; margin: 0 0 0.5em; }
  p { margin: 0 0 1em; }
  a { color: ${({ theme }) => theme.colors.primary}; }
  img, svg { max-width: 100%; }
  img { height: auto; }
  button, input, select, textarea { font: inherit; }
  /* Dark surfaces set --focus-ring (darkSurfaceFocus) so the ring keeps 3:1 contrast against them. */
  :focus-visible { outline: 3px solid var(--focus-ring, ${({ theme }) => theme.colors.focus}); outline-offset: 2px; }
  /* A heading focused by script (the new page's h1 after a route change) is a reading position, not a control. */
  h1[tabindex='-1']:focus { outline: none; }
`;
