// What a desk page's last action did ('done'), or what another staff member had done first ('changed'), said at
// the top of the page (the calendar desk, an order's page).
import { useEffect, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';

type Tone = 'done' | 'changed';

const Notice = styled.p<{ $tone: Tone }>`
  margin: 0;
  padding: ${({ theme }) => theme.space[3]};
  border: 1px solid
    ${({ theme, $tone }) => ($tone === 'done' ? theme.colors.success : theme.colors.highlight)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme, $tone }) => ($tone === 'done' ? theme.colors.successSoft : theme.colors.highlightSoft)};
  color: ${({ theme }) => theme.colors.text};
`;

/**
 * The page's notice and the function that says a new one. The notice takes the focus when it appears: the forms
 * an action came from go or change with it, and focus moves to what happened rather than dropping on <body>.
 */
export function useActionNotice(): { notice: ReactNode; say: (tone: Tone, text: string) => void } {
  const [said, setSaid] = useState<{ tone: Tone; text: string } | null>(null);
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (said) ref.current?.focus();
  }, [said]);
  const notice = said ? (
    <Notice ref={ref} tabIndex={-1} $tone={said.tone}>
      {said.text}
    </Notice>
  ) : null;
  return { notice, say: (tone, text) => setSaid({ tone, text }) };
}
