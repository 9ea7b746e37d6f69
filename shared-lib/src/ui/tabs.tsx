// Tabs following the WAI-ARIA tabs pattern (tablist/tab/tabpanel roles, arrow keys move between tabs, Tab moves
// into the panel), built on Radix so the keyboard and ARIA wiring is a maintained library's job.
import * as RadixTabs from '@radix-ui/react-tabs';
import styled from 'styled-components';

/** The root: `defaultValue` (uncontrolled) or `value` + `onValueChange` (controlled). */
export const Tabs = RadixTabs.Root;

export const TabsList = styled(RadixTabs.List)`
  display: flex;
  gap: ${({ theme }) => theme.space[1]};
  max-width: 100%;
  padding: ${({ theme }) => theme.space[1]};
  overflow-x: auto;
  background: ${({ theme }) => theme.colors.surfaceAlt};
  border-radius: ${({ theme }) => theme.radii.md};
`;

export const TabsTrigger = styled(RadixTabs.Trigger)`
  flex: 1 0 auto;
  min-height: 2.5rem;
  padding: 0 ${({ theme }) => theme.space[4]};
  border: 0;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: transparent;
  color: ${({ theme }) => theme.colors.muted};
  font: inherit;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;
  cursor: pointer;
  transition:
    background-color 0.15s ease,
    color 0.15s ease;
  &:hover {
    color: ${({ theme }) => theme.colors.ink};
  }
  &[data-state='active'] {
    background: ${({ theme }) => theme.colors.bg};
    color: ${({ theme }) => theme.colors.ink};
    box-shadow: ${({ theme }) => theme.shadows.sm};
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 1px;
  }
`;

export const TabsContent = styled(RadixTabs.Content)`
  margin-top: ${({ theme }) => theme.space[5]};
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 4px;
    border-radius: ${({ theme }) => theme.radii.sm};
  }
`;
