import { useState, type FocusEvent, type ReactNode } from 'react';
import * as RovingFocus from '@radix-ui/react-roving-focus';
import styled from 'styled-components';

interface Choice {
  key: string;
  /** Shown and named, never chosen: the arrow keys pass over it. */
  disabled?: boolean;
  content: ReactNode;
}

/** The picker's grid of choices; the rows are of one height (even when a label wraps) and fill their cells. */
export const ChoiceGrid = styled.div<{ $min: string }>`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(${({ $min }) => $min}, 1fr));
  grid-auto-rows: 1fr;
  gap: ${({ theme }) => theme.space[2]};
`;

const ChoiceButton = styled.button.attrs({ type: 'button' })`
  position: relative;
  width: 100%;
  height: 100%;
  min-height: 2.75rem;
  padding: ${({ theme }) => theme.space[2]};
  border: 1px solid ${({ theme }) => theme.colors.fieldBorder};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.bg};
  color: ${({ theme }) => theme.colors.ink};
  font: inherit;
  font-weight: 600;
  white-space: nowrap;
  cursor: pointer;
  &:hover:not(:disabled) {
    border-color: ${({ theme }) => theme.colors.primary};
  }
  &[aria-pressed='true'] {
    border-color: ${({ theme }) => theme.colors.primary};
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
  }
  &:disabled {
    border-style: dashed;
    color: ${({ theme }) => theme.colors.muted};
    text-decoration: line-through;
    cursor: not-allowed;
  }
`;

interface ChoiceBarProps {
  /** The id of the heading that names the bar. */
  labelledBy: string;
  choices: readonly Choice[];
  chosen: string | null;
  onChoose: (key: string) => void;
  /** The narrowest a choice may be. */
  min: string;
}

/**
 * A set of choices that is one tab stop: the WAI-ARIA Authoring Practices' toolbar of toggle buttons, with a
 * roving tabindex. Tab enters at the chosen one (else the first that can be chosen) and leaves; the arrow keys move
 * to the previous and next (left/up, right/down; a disabled one is skipped), Home and End to the first and last;
 * Enter, Space, a click or a tap chooses (moving does not: choosing a time opens the booking form).
 */
export function ChoiceBar({ labelledBy, choices, chosen, onChoose, min }: ChoiceBarProps) {
  // The one that has focus while focus is in the bar; once it leaves, the tab stop is the chosen one again.
  const [focused, setFocused] = useState<string | null>(null);
  const choosable = (key: string | null) => choices.some((c) => c.key === key && !c.disabled);
  const tabStop = choosable(focused)
    ? focused
    : choosable(chosen)
      ? chosen
      : (choices.find((c) => !c.disabled)?.key ?? null);
  return (
    <RovingFocus.Root asChild currentTabStopId={tabStop} onCurrentTabStopIdChange={setFocused}>
      <ChoiceGrid
        role="toolbar"
        aria-labelledby={labelledBy}
        $min={min}
        onBlur={(event: FocusEvent<HTMLDivElement>) => {
          if (!event.currentTarget.contains(event.relatedTarget)) setFocused(null);
        }}
      >
        {choices.map((choice) => (
          <RovingFocus.Item
            asChild
            key={choice.key}
            tabStopId={choice.key}
            focusable={!choice.disabled}
            active={choice.key === chosen}
          >
            <ChoiceButton
              aria-pressed={choice.key === chosen}
              disabled={choice.disabled}
              onClick={() => onChoose(choice.key)}
            >
              {choice.content}
            </ChoiceButton>
          </RovingFocus.Item>
        ))}
      </ChoiceGrid>
    </RovingFocus.Root>
  );
}
