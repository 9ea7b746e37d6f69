// The home page's hero visual, drawn for this site (ART-LICENSE.md): a workspace where a chat assistant, a
// workflow and a results dashboard run on their own. Decorative: the headline beside it says what we do.
import styled from 'styled-components';
import { A, BG, BORDER, c, H, INK, P, SOFT1, SOFT2, SOFT3, SURFACE } from './palette';

const Svg = styled.svg`
  display: block;
  width: 100%;
  height: auto;
`;

export function HeroArt() {
  return (
    <Svg viewBox="0 0 480 320" width={480} height={320} aria-hidden focusable={false}>
      <circle cx={392} cy={100} r={84} fill={SOFT1} opacity={0.6} />
      <circle cx={96} cy={246} r={70} fill={SOFT2} opacity={0.6} />
      {/* The dashboard window */}
      <rect x={60} y={40} width={300} height={200} rx={16} fill={BG} stroke={BORDER} strokeWidth={2} />
      <rect x={60} y={40} width={300} height={34} rx={16} fill={SURFACE} />
      <rect x={60} y={58} width={300} height={16} fill={SURFACE} />
      <circle cx={82} cy={57} r={5} fill={c('danger')} />
      <circle cx={98} cy={57} r={5} fill={H} />
      <circle cx={114} cy={57} r={5} fill={c('success')} />
      <rect x={80} y={92} width={90} height={8} rx={4} fill={INK} />
      <rect x={80} y={108} width={60} height={8} rx={4} fill={BORDER} />
      {[44, 64, 52, 84, 72, 104].map((h, i) => (
        <rect key={i} x={84 + i * 26} y={220 - h} width={16} height={h} rx={4} fill={i === 5 ? P : SOFT1} />
      ))}
      <path
        d="M84 160l26-14 26 8 26-24 26 6 26-30 26-12"
        stroke={A}
        strokeWidth={3}
        fill="none"
        strokeLinecap="round"
      />
      <rect x={250} y={92} width={96} height={56} rx={10} fill={SOFT3} />
      <text x={262} y={128} fontSize={22} fontWeight={800} fill={INK} fontFamily="system-ui, sans-serif">
        +38%
      </text>
      {/* The chat assistant */}
      <rect x={300} y={160} width={150} height={120} rx={16} fill={P} />
      <rect x={316} y={178} width={96} height={24} rx={12} fill={BG} />
      <rect x={326} y={187} width={60} height={6} rx={3} fill={P} />
      <rect x={338} y={210} width={96} height={24} rx={12} fill={SOFT1} />
      <rect x={348} y={219} width={64} height={6} rx={3} fill={INK} />
      <circle cx={330} cy={256} r={5} fill={BG} />
      <circle cx={346} cy={256} r={5} fill={BG} opacity={0.7} />
      <circle cx={362} cy={256} r={5} fill={BG} opacity={0.4} />
      {/* The workflow */}
      <path d="M60 282h60M148 282h56" stroke={INK} strokeWidth={2} strokeDasharray="6 6" />
      <rect x={20} y={262} width={40} height={40} rx={12} fill={A} />
      <path d="M30 282l7 7 13-14" stroke={BG} strokeWidth={4} fill="none" strokeLinecap="round" />
      <rect x={120} y={262} width={28} height={40} rx={14} fill={H} />
      <rect x={204} y={266} width={80} height={32} rx={10} fill={BG} stroke={BORDER} strokeWidth={2} />
      <rect x={216} y={279} width={52} height={6} rx={3} fill={A} />
      <path d="M420 24c2 8 4 10 12 12-8 2-10 4-12 12-2-8-4-10-12-12 8-2 10-4 12-12Z" fill={H} />
      <path d="M30 60c1.5 6 3 7.5 9 9-6 1.5-7.5 3-9 9-1.5-6-3-7.5-9-9 6-1.5 7.5-3 9-9Z" fill={P} />
    </Svg>
  );
}
