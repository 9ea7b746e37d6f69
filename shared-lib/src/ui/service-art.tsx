// One illustration per catalogue service (keyed by its icon name), drawn for this site and licensed with it
// (see ART-LICENSE.md at the repository root). Inline SVG painted with the theme's custom properties, so each
// follows the light or dark palette; decorative (the card's title says what the service is), so hidden from
// assistive technology. The width/height attributes give the box its aspect ratio before any style applies.
import type { ReactNode } from 'react';
import styled from 'styled-components';

const c = (name: string) => `var(--color-${name})`;
const P = c('primary');
const A = c('accent');
const H = c('highlight');
const BG = c('bg');
const INK = c('ink');
const SOFT1 = c('art1');
const SOFT2 = c('art2');
const SOFT3 = c('art3');

/** Rounded white panel with a soft shadow line, the card most scenes are built on. */
const Sheet = ({ x, y, w, h, r = 8 }: { x: number; y: number; w: number; h: number; r?: number }) => (
  <rect x={x} y={y} width={w} height={h} rx={r} fill={BG} stroke={c('border')} strokeWidth={1.5} />
);
/** A row of text, drawn as a rounded bar. */
const Line = ({ x, y, w, fill = c('border') }: { x: number; y: number; w: number; fill?: string }) => (
  <rect x={x} y={y} width={w} height={6} rx={3} fill={fill} />
);
const Spark = ({ x, y, s = 1, fill = H }: { x: number; y: number; s?: number; fill?: string }) => (
  <path
    transform={`translate(${x} ${y}) scale(${s})`}
    d="M0-9C1-3 3-1 9 0 3 1 1 3 0 9-1 3-3 1-9 0-3-1-1-3 0-9Z"
    fill={fill}
  />
);

const scenes: Record<string, ReactNode> = {
  globe: (
    <>
      <Sheet x={40} y={18} w={160} h={90} />
      <circle cx={52} cy={29} r={3} fill={c('danger')} />
      <circle cx={62} cy={29} r={3} fill={H} />
      <circle cx={72} cy={29} r={3} fill={c('success')} />
      <rect x={52} y={42} width={136} height={28} rx={5} fill={SOFT1} />
      <Line x={62} y={50} w={64} fill={P} />
      <Line x={62} y={60} w={40} />
      <rect x={52} y={78} width={40} height={20} rx={4} fill={SOFT2} />
      <rect x={100} y={78} width={40} height={20} rx={4} fill={SOFT3} />
      <rect x={148} y={78} width={40} height={20} rx={4} fill={SOFT1} />
      <Spark x={200} y={20} />
    </>
  ),
  camera: (
    <>
      <path d="M120 10 60 110h120Z" fill={SOFT3} opacity={0.7} />
      <ellipse cx={120} cy={100} rx={44} ry={8} fill={SOFT1} />
      <rect x={104} y={40} width={32} height={58} rx={10} fill={P} />
      <rect x={112} y={28} width={16} height={14} rx={3} fill={INK} />
      <rect x={110} y={58} width={20} height={20} rx={4} fill={BG} />
      <path d="M44 20v-8h12M196 20v-8h-12M44 100v8h12M196 100v8h-12" stroke={A} strokeWidth={3} fill="none" />
      <Spark x={152} y={44} s={0.8} />
    </>
  ),
  bot: (
    <>
      <rect x={70} y={34} width={72} height={60} rx={18} fill={P} />
      <line x1={106} y1={34} x2={106} y2={20} stroke={INK} strokeWidth={3} />
      <circle cx={106} cy={18} r={5} fill={H} />
      <rect x={80} y={48} width={52} height={26} rx={13} fill={BG} />
      <circle cx={95} cy={61} r={5} fill={A} />
      <circle cx={117} cy={61} r={5} fill={A} />
      <path d="M150 30h54a8 8 0 0 1 8 8v20a8 8 0 0 1-8 8h-40l-14 12V38a8 8 0 0 1 8-8Z" fill={SOFT2} />
      <Line x={160} y={42} w={40} fill={A} />
      <Line x={160} y={52} w={26} fill={BG} />
      <ellipse cx={106} cy={104} rx={40} ry={6} fill={SOFT1} />
    </>
  ),
  palette: (
    <>
      <circle cx={86} cy={60} r={36} fill={SOFT1} />
      <rect x={64} y={38} width={44} height={44} rx={12} fill={P} />
      <path d="M76 70 86 48l10 22M80 62h12" stroke={BG} strokeWidth={4} fill="none" strokeLinecap="round" />
      {[P, A, H, INK].map((fill, i) => (
        <g key={i}>
          <rect x={138} y={22 + i * 21} width={64} height={16} rx={5} fill={BG} stroke={c('border')} />
          <rect x={138} y={22 + i * 21} width={22} height={16} rx={5} fill={fill} />
        </g>
      ))}
    </>
  ),
  'pen-line': (
    <>
      <Sheet x={56} y={14} w={104} h={94} />
      <Line x={70} y={28} w={60} fill={INK} />
      <Line x={70} y={44} w={76} />
      <Line x={70} y={56} w={70} />
      <Line x={70} y={68} w={76} />
      <Line x={70} y={80} w={44} />
      <g transform="rotate(40 172 62)">
        <rect x={164} y={20} width={16} height={70} rx={4} fill={P} />
        <path d="M164 90h16l-8 16Z" fill={H} />
        <rect x={164} y={20} width={16} height={12} rx={4} fill={A} />
      </g>
    </>
  ),
  'share-2': (
    <>
      <rect x={90} y={8} width={60} height={104} rx={12} fill={INK} />
      <rect x={95} y={16} width={50} height={88} rx={6} fill={BG} />
      <rect x={100} y={22} width={40} height={32} rx={4} fill={SOFT2} />
      <Line x={100} y={60} w={34} />
      <rect x={100} y={72} width={40} height={24} rx={4} fill={SOFT3} />
      <circle cx={58} cy={40} r={16} fill={P} />
      <path d="M52 40l4 4 8-8" stroke={BG} strokeWidth={3} fill="none" />
      <path
        d="M182 56c-6-8-20-4-16 8 3 7 16 14 16 14s13-7 16-14c4-12-10-16-16-8Z"
        fill={c('danger')}
        opacity={0.85}
      />
      <path
        d="M74 48q10 10 16 8M150 70q14 4 16-6"
        stroke={A}
        strokeWidth={2}
        fill="none"
        strokeDasharray="4 4"
      />
    </>
  ),
  'message-circle': (
    <>
      <path
        d="M40 24h100a10 10 0 0 1 10 10v26a10 10 0 0 1-10 10H64l-16 14V70h-8a10 10 0 0 1-10-10V34a10 10 0 0 1 10-10Z"
        fill={SOFT1}
      />
      <Line x={46} y={38} w={80} fill={P} />
      <Line x={46} y={50} w={56} fill={BG} />
      <path
        d="M110 54h86a10 10 0 0 1 10 10v22a10 10 0 0 1-10 10h-2v14l-16-14h-68a10 10 0 0 1-10-10V64a10 10 0 0 1 10-10Z"
        fill={A}
      />
      <circle cx={130} cy={76} r={5} fill={BG} />
      <circle cx={150} cy={76} r={5} fill={BG} />
      <circle cx={170} cy={76} r={5} fill={BG} />
    </>
  ),
  mail: (
    <>
      <rect x={64} y={30} width={96} height={66} rx={8} fill={P} />
      <path d="M64 38l48 34 48-34" stroke={BG} strokeWidth={4} fill="none" strokeLinejoin="round" />
      <path d="M20 50h32M28 64h24M14 78h38" stroke={SOFT1} strokeWidth={5} strokeLinecap="round" />
      <circle cx={170} cy={34} r={16} fill={H} />
      <path d="M163 34l5 5 9-10" stroke={INK} strokeWidth={3} fill="none" />
      <path d="M176 70h40l-10-8M216 70l-10 8" stroke={A} strokeWidth={3} fill="none" strokeLinecap="round" />
    </>
  ),
  workflow: (
    <>
      <path
        d="M60 60h60M120 60q30 0 40-26M120 60q30 0 40 26"
        stroke={c('fieldBorder')}
        strokeWidth={3}
        fill="none"
        strokeDasharray="5 5"
      />
      <rect x={30} y={42} width={40} height={36} rx={10} fill={P} />
      <rect x={104} y={44} width={32} height={32} rx={16} fill={H} />
      <rect x={156} y={18} width={48} height={30} rx={8} fill={SOFT2} stroke={A} strokeWidth={2} />
      <rect x={156} y={72} width={48} height={30} rx={8} fill={SOFT1} stroke={P} strokeWidth={2} />
      <path d="M42 60l6 6 10-12" stroke={BG} strokeWidth={3} fill="none" />
      <Line x={164} y={30} w={32} fill={A} />
      <Line x={164} y={84} w={32} fill={P} />
    </>
  ),
  'layout-dashboard': (
    <>
      <Sheet x={28} y={14} w={184} h={94} />
      {[30, 46, 38, 60, 52].map((h, i) => (
        <rect key={i} x={44 + i * 18} y={94 - h} width={12} height={h} rx={3} fill={i === 3 ? P : SOFT1} />
      ))}
      <circle cx={170} cy={58} r={24} fill="none" stroke={SOFT2} strokeWidth={10} />
      <path d="M170 34a24 24 0 0 1 23 31" fill="none" stroke={A} strokeWidth={10} />
      <Line x={44} y={24} w={50} fill={INK} />
    </>
  ),
  rocket: (
    <>
      <path d="M60 104c20-4 30-14 36-30" stroke={SOFT3} strokeWidth={12} fill="none" strokeLinecap="round" />
      <g transform="rotate(40 130 56)">
        <path d="M130 8c18 14 22 44 14 76h-28c-8-32-4-62 14-76Z" fill={P} />
        <circle cx={130} cy={44} r={9} fill={BG} stroke={INK} strokeWidth={3} />
        <path d="M116 70l-14 18h14M144 70l14 18h-14" fill={A} />
        <path d="M122 84h16l-8 18Z" fill={H} />
      </g>
      <Spark x={48} y={30} s={0.8} fill={SOFT1} />
      <Spark x={200} y={92} s={0.7} />
    </>
  ),
  'graduation-cap': (
    <>
      <rect x={34} y={16} width={120} height={80} rx={6} fill={INK} />
      <path d="M48 78l20-24 18 14 26-32 24 20" stroke={A} strokeWidth={3} fill="none" />
      <Line x={48} y={28} w={46} fill={SOFT1} />
      <rect x={86} y={96} width={16} height={14} fill={c('fieldBorder')} />
      <path d="M180 42l-36 16 36 16 36-16Z" fill={P} />
      <path d="M160 66v16c10 8 30 8 40 0V66l-20 8Z" fill={SOFT1} />
      <path d="M214 58v22" stroke={H} strokeWidth={3} />
      <circle cx={214} cy={82} r={4} fill={H} />
    </>
  ),
  award: (
    <>
      <path d="M100 60 84 110l20-8 10 16 10-44M140 60l16 50-20-8-10 16-10-44" fill={SOFT1} />
      <circle cx={120} cy={50} r={34} fill={H} />
      <circle cx={120} cy={50} r={24} fill={SOFT3} />
      <path d="M120 36l4 9 10 1-8 7 3 10-9-5-9 5 3-10-8-7 10-1Z" fill={INK} />
      <Spark x={64} y={30} s={0.8} fill={P} />
      <Spark x={178} y={80} s={0.7} fill={A} />
    </>
  ),
  'phone-call': (
    <>
      <Sheet x={40} y={16} w={100} h={90} />
      <rect x={40} y={16} width={100} height={20} rx={8} fill={P} />
      {[0, 1, 2, 3].map((row) =>
        [0, 1, 2, 3].map((col) => (
          <rect
            key={`${row}-${col}`}
            x={52 + col * 21}
            y={44 + row * 15}
            width={14}
            height={9}
            rx={2}
            fill={row === 1 && col === 2 ? H : SOFT1}
          />
        )),
      )}
      <circle cx={178} cy={70} r={30} fill={SOFT2} />
      <path
        d="M166 58c0-3 2-5 5-5h4l4 9-4 3c2 5 5 8 10 10l3-4 9 4v4c0 3-2 5-5 5-15 0-26-11-26-26Z"
        fill={A}
      />
    </>
  ),
};

const Svg = styled.svg`
  display: block;
  width: 100%;
  height: auto;
`;

/** The illustration of a service, by the catalogue's icon name. */
export function ServiceArt({ name, className }: { name: string; className?: string }) {
  return (
    <Svg className={className} viewBox="0 0 240 120" width={240} height={120} aria-hidden focusable={false}>
      <rect width={240} height={120} fill={c('surface-alt')} />
      <circle cx={214} cy={-6} r={48} fill={SOFT1} opacity={0.5} />
      <circle cx={10} cy={118} r={36} fill={SOFT2} opacity={0.5} />
      {scenes[name] ?? scenes.rocket}
    </Svg>
  );
}
