// Before and after visuals for the three case studies, drawn for this site (ART-LICENSE.md). Each says in its
// label what it shows, so a screen reader hears the change the picture makes visible.
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { A, BG, BORDER, c, H, INK, MUTED, P, SOFT1, SOFT2, SOFT3, SURFACE } from './palette';

const GREY = c('field-border');
const DANGER = c('danger');

interface Pair {
  before: { label: string; art: ReactNode };
  after: { label: string; art: ReactNode };
}

const pairs: Pair[] = [
  {
    before: {
      label: 'Before: an outdated website with crowded, uneven blocks',
      art: (
        <>
          <rect x={16} y={12} width={128} height={96} rx={4} fill={BG} stroke={GREY} strokeWidth={2} />
          <rect x={22} y={18} width={116} height={14} fill={GREY} />
          <rect x={22} y={38} width={50} height={40} fill={BORDER} />
          <rect x={78} y={38} width={60} height={6} fill={GREY} />
          <rect x={78} y={48} width={48} height={6} fill={GREY} />
          <rect x={78} y={58} width={56} height={6} fill={GREY} />
          <rect x={22} y={84} width={30} height={18} fill={BORDER} />
          <rect x={58} y={88} width={44} height={14} fill={GREY} />
          <rect x={108} y={84} width={30} height={10} fill={BORDER} />
        </>
      ),
    },
    after: {
      label: 'After: a clean, modern website with a clear booking button',
      art: (
        <>
          <rect x={16} y={12} width={128} height={96} rx={10} fill={BG} stroke={BORDER} strokeWidth={2} />
          <rect x={26} y={24} width={20} height={6} rx={3} fill={INK} />
          <rect x={108} y={22} width={26} height={10} rx={5} fill={P} />
          <rect x={26} y={44} width={64} height={8} rx={4} fill={INK} />
          <rect x={26} y={58} width={48} height={6} rx={3} fill={BORDER} />
          <rect x={26} y={72} width={34} height={12} rx={6} fill={A} />
          <rect x={98} y={42} width={36} height={44} rx={8} fill={SOFT1} />
          <circle cx={116} cy={60} r={8} fill={H} />
          <path d="M102 84l10-10 8 6 10-10v14Z" fill={SOFT2} />
        </>
      ),
    },
  },
  {
    before: {
      label: 'Before: an inbox of unanswered customer questions at night',
      art: (
        <>
          <circle cx={128} cy={24} r={10} fill={SOFT3} />
          <circle cx={132} cy={21} r={9} fill={SURFACE} />
          {[0, 1, 2, 3].map((i) => (
            <g key={i}>
              <rect x={20} y={18 + i * 22} width={92} height={16} rx={4} fill={BG} stroke={GREY} />
              <rect x={28} y={24 + i * 22} width={50 - i * 6} height={4} rx={2} fill={GREY} />
              <circle cx={104} cy={26 + i * 22} r={4} fill={DANGER} />
            </g>
          ))}
          <text
            x={118}
            y={100}
            fontSize={14}
            fontWeight={700}
            fill={MUTED}
            fontFamily="system-ui, sans-serif"
          >
            23:48
          </text>
        </>
      ),
    },
    after: {
      label: 'After: an AI agent answering customers instantly in a chat',
      art: (
        <>
          <rect x={20} y={16} width={80} height={22} rx={11} fill={SURFACE} />
          <rect x={30} y={25} width={50} height={4} rx={2} fill={INK} />
          <rect x={52} y={46} width={90} height={30} rx={12} fill={P} />
          <rect x={62} y={54} width={60} height={4} rx={2} fill={BG} />
          <rect x={62} y={63} width={40} height={4} rx={2} fill={BG} />
          <rect x={20} y={84} width={70} height={22} rx={11} fill={SURFACE} />
          <rect x={30} y={93} width={36} height={4} rx={2} fill={INK} />
          <circle cx={130} cy={96} r={10} fill={A} />
          <path d="M125 96l4 4 7-8" stroke={BG} strokeWidth={2.5} fill="none" />
        </>
      ),
    },
  },
  {
    before: {
      label: 'Before: a tilted phone snapshot of a product on a cluttered table',
      art: (
        <>
          <rect x={0} y={78} width={160} height={42} fill={SOFT3} opacity={0.6} />
          <rect x={14} y={60} width={30} height={26} rx={3} fill={GREY} transform="rotate(-8 29 73)" />
          <circle cx={132} cy={82} r={12} fill={BORDER} />
          <g transform="rotate(12 80 66)">
            <rect x={68} y={42} width={24} height={46} rx={7} fill={MUTED} />
            <rect x={74} y={32} width={12} height={11} rx={2} fill={INK} />
          </g>
          <circle cx={112} cy={30} r={14} fill={BG} opacity={0.8} />
        </>
      ),
    },
    after: {
      label: 'After: a studio-quality packshot of the product on a clean pedestal',
      art: (
        <>
          <path d="M80 0 30 120h100Z" fill={SOFT1} opacity={0.7} />
          <ellipse cx={80} cy={100} rx={36} ry={7} fill={SOFT2} />
          <rect x={66} y={44} width={28} height={54} rx={9} fill={P} />
          <rect x={73} y={32} width={14} height={13} rx={3} fill={INK} />
          <rect x={71} y={62} width={18} height={16} rx={3} fill={BG} />
          <path d="M122 26c1.5 5 3 6.5 8 8-5 1.5-6.5 3-8 8-1.5-5-3-6.5-8-8 5-1.5 6.5-3 8-8Z" fill={H} />
        </>
      ),
    },
  },
];

const Svg = styled.svg`
  display: block;
  width: 100%;
  height: auto;
  border-radius: ${({ theme }) => theme.radii.md};
`;

const Frame = ({ label, art, tone }: { label: string; art: ReactNode; tone: string }) => (
  <Svg viewBox="0 0 160 120" width={160} height={120} role="img" aria-label={label}>
    <rect width={160} height={120} fill={tone} />
    {art}
  </Svg>
);

/** The before and after pictures of case study number `index` (0-2), each tagged with a visible word. */
export function CaseBeforeAfter({ index }: { index: number }) {
  const pair = pairs[index];
  if (!pair) return null;
  return (
    <>
      <div>
        <Frame {...pair.before} tone={SURFACE} />
        <span aria-hidden>Before</span>
      </div>
      <div>
        <Frame {...pair.after} tone={c('accent-soft')} />
        <span aria-hidden>After</span>
      </div>
    </>
  );
}
