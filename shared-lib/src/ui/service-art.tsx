// One illustration per catalogue service (keyed by its icon name), drawn for this site and licensed with it
// (see ART-LICENSE.md at the repository root). SVG files shown with <img>, each themed inside the file for the
// light and dark palettes (tools/webpack/svg-theme-loader.js); decorative (the card's title says what the service
// is), so an empty alt. The width/height attributes give the box its aspect ratio before any style applies.
import styled from 'styled-components';
import globe from './service-art/globe.svg';
import camera from './service-art/camera.svg';
import bot from './service-art/bot.svg';
import palette from './service-art/palette.svg';
import penLine from './service-art/pen-line.svg';
import shareTwo from './service-art/share-2.svg';
import messageCircle from './service-art/message-circle.svg';
import mail from './service-art/mail.svg';
import workflow from './service-art/workflow.svg';
import layoutDashboard from './service-art/layout-dashboard.svg';
import rocket from './service-art/rocket.svg';
import graduationCap from './service-art/graduation-cap.svg';
import award from './service-art/award.svg';
import phoneCall from './service-art/phone-call.svg';

const pictures: Record<string, string> = {
  globe,
  camera,
  bot,
  palette,
  'pen-line': penLine,
  'share-2': shareTwo,
  'message-circle': messageCircle,
  mail,
  workflow,
  'layout-dashboard': layoutDashboard,
  rocket,
  'graduation-cap': graduationCap,
  award,
  'phone-call': phoneCall,
};

const Picture = styled.img`
  display: block;
  width: 100%;
  height: auto;
`;

/** The illustration of a service, by the catalogue's icon name. */
export function ServiceArt({ name, className }: { name: string; className?: string }) {
  return <Picture className={className} src={pictures[name] ?? rocket} width={240} height={120} alt="" />;
}
