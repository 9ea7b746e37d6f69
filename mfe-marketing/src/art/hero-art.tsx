// The home page's hero visual, drawn for this site (ART-LICENSE.md): a workspace where a chat assistant, a
// workflow and a results dashboard run on their own. Decorative: the headline beside it says what we do.
// A picture shown with <img> (themed inside it, tools/webpack/svg-theme-loader.js): the browser decodes it, React
// only places it. It is the largest element of the home page's first screen, its LCP on a phone: inlined as a
// data: URL (about 1.5 KB compressed), so the prerendered page paints it with its text instead of after a
// request to the marketing remote's origin, and the live page shows the very same picture, already decoded.
import styled from 'styled-components';
import hero from './hero.svg?inline';

const Picture = styled.img`
  display: block;
  width: 100%;
  height: auto;
`;

export function HeroArt() {
  return <Picture src={hero} width={480} height={320} alt="" />;
}
