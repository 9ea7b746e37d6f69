// Illustrated portraits of the founders, drawn for this site (ART-LICENSE.md). They are illustrations, not
// photographs, and the alt text says so.
import styled from 'styled-components';
import { BG, c, INK, SOFT1, SOFT2 } from './palette';

interface Look {
  skin: string;
  hair: string;
  backdrop: string;
  shirt: string;
  /** The hair's outline: long hair falls behind the shoulders, short hair sits on the head. */
  long: boolean;
  glasses: boolean;
}

const looks: Record<string, Look> = {
  'Lena Hoffmann': {
    skin: '#f1c7a5',
    hair: '#8a4b24',
    backdrop: SOFT2,
    shirt: c('accent'),
    long: true,
    glasses: false,
  },
  'Marco Rossi': {
    skin: '#c98e62',
    hair: '#2b2119',
    backdrop: SOFT1,
    shirt: c('primary'),
    long: false,
    glasses: true,
  },
};

const Svg = styled.svg`
  display: block;
  width: 5rem;
  height: 5rem;
  border-radius: 50%;
`;

export function Portrait({ name }: { name: string }) {
  const look = looks[name];
  if (!look) return null;
  return (
    <Svg
      viewBox="0 0 120 120"
      width={120}
      height={120}
      role="img"
      aria-label={`Illustrated portrait of ${name}`}
    >
      <rect width={120} height={120} fill={look.backdrop} />
      {look.long ? <path d="M30 58c0-26 14-38 30-38s30 12 30 38v40H30Z" fill={look.hair} /> : null}
      <path d="M18 120c4-22 20-32 42-32s38 10 42 32Z" fill={look.shirt} />
      <rect x={52} y={72} width={16} height={18} rx={6} fill={look.skin} />
      <ellipse cx={60} cy={56} rx={22} ry={26} fill={look.skin} />
      {look.long ? (
        <path d="M37 52c2-18 12-26 24-26s21 8 22 24c-12-2-22-8-27-16-4 8-10 14-19 18Z" fill={look.hair} />
      ) : (
        <path
          d="M38 52c-2-20 10-30 23-30 14 0 24 10 21 28-4-8-12-12-22-12-9 0-17 5-22 14Z"
          fill={look.hair}
        />
      )}
      <circle cx={51} cy={58} r={2.5} fill={INK} />
      <circle cx={69} cy={58} r={2.5} fill={INK} />
      <path d="M53 70q7 5 14 0" stroke={INK} strokeWidth={2} fill="none" strokeLinecap="round" />
      {look.glasses ? (
        <g stroke={INK} strokeWidth={2} fill="none">
          <circle cx={51} cy={58} r={7} />
          <circle cx={69} cy={58} r={7} />
          <path d="M58 58h4" />
        </g>
      ) : null}
      <path d="M46 96l14 10 14-10" stroke={BG} strokeWidth={3} fill="none" />
    </Svg>
  );
}
