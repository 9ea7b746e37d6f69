// Illustrated portraits of the founders, drawn for this site (ART-LICENSE.md). They are illustrations, not
// photographs, and the alt text says so.
import styled from 'styled-components';
import lenaHoffmann from './portrait-lena-hoffmann.svg';
import marcoRossi from './portrait-marco-rossi.svg';

const pictures: Record<string, string> = {
  'Lena Hoffmann': lenaHoffmann,
  'Marco Rossi': marcoRossi,
};

const Picture = styled.img`
  display: block;
  width: 5rem;
  height: 5rem;
  border-radius: 50%;
`;

export function Portrait({ name }: { name: string }) {
  const src = pictures[name];
  if (!src) return null;
  return <Picture src={src} width={120} height={120} alt={`Illustrated portrait of ${name}`} />;
}
