import styled from 'styled-components';
import { Sparkles } from 'lucide-react';
import { discountHint } from 'shared-lib';

const Hint = styled.p`
  display: flex;
  align-items: center;
  gap: 0.5rem;
  margin: 0;
  padding: 0.625rem 0.875rem;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.accentSoft};
  color: ${({ theme }) => theme.colors.accent};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;
`;

/** The nudge towards the next volume tier; nothing from 10 items on. */
export function DiscountHint({ count }: { count: number }) {
  const hint = discountHint(count);
  return hint ? (
    <Hint>
      <Sparkles size={16} aria-hidden />
      {hint}
    </Hint>
  ) : null;
}
