// The home page's hero visual, drawn for this site (ART-LICENSE.md): a workspace where a chat assistant, a
// workflow and a results dashboard run on their own. Decorative: the headline beside it says what we do.
// A file shown with <img> (themed inside it, tools/webpack/svg-theme-loader.js): the browser decodes it, React
// only places it. It is the largest picture of the first screen, a candidate for LCP: fetched first.
import styled from 'styled-components';
import hero from './hero.svg';

const Picture = styled.img`
  display: block;
  width: 100%;
  height: auto;
`;

export function HeroArt() {
  return <Picture src={hero} width={480} height={320} alt="" fetchPriority="high" />;
}
