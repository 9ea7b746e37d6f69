// Marks for the fictional client companies of the home page's logo strip, drawn for this site (ART-LICENSE.md).
// None is a real brand. The company's name stays real text beside its mark, so the mark itself is decorative.
import type { ReactNode } from 'react';
import { A, H, MUTED, P } from './palette';

export const clients = ['NORTHWIND', 'BLUE HARBOR', 'ACME STUDIO', 'LUMEN & CO', 'FIELDSTONE'] as const;

const marks: Record<(typeof clients)[number], ReactNode> = {
  NORTHWIND: <path d="M12 2l5 18-5-4-5 4Z" fill={P} />,
  'BLUE HARBOR': (
    <path
      d="M2 9q3-3 5 0t5 0 5 0 5 0M2 15q3-3 5 0t5 0 5 0 5 0"
      stroke={A}
      strokeWidth={2.5}
      fill="none"
      strokeLinecap="round"
    />
  ),
  'ACME STUDIO': (
    <>
      <path d="M12 3l9 17H3Z" fill={MUTED} />
      <circle cx={12} cy={15} r={3} fill={H} />
    </>
  ),
  'LUMEN & CO': (
    <>
      <circle cx={12} cy={12} r={5} fill={H} />
      <path
        d="M12 1v4M12 19v4M1 12h4M19 12h4M4 4l3 3M17 17l3 3M20 4l-3 3M7 17l-3 3"
        stroke={H}
        strokeWidth={2}
        strokeLinecap="round"
      />
    </>
  ),
  FIELDSTONE: (
    <>
      <rect x={3} y={14} width={18} height={7} rx={3.5} fill={MUTED} />
      <rect x={6} y={8} width={12} height={6} rx={3} fill={A} />
      <rect x={9} y={3} width={7} height={5} rx={2.5} fill={P} />
    </>
  ),
};

export function ClientMark({ name }: { name: (typeof clients)[number] }) {
  return (
    <svg viewBox="0 0 24 24" width={24} height={24} aria-hidden focusable={false}>
      {marks[name]}
    </svg>
  );
}
