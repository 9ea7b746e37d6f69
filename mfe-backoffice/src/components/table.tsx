// The back office's tables: real <table>s with a caption and header cells. Below the table's own width they scroll
// sideways inside their frame (768 px tablets included), which is a focusable, named region so keyboard users can
// scroll it too.
import type { ReactNode } from 'react';
import styled from 'styled-components';

const Frame = styled.div`
  overflow-x: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

const Table = styled.table`
  width: 100%;
  min-width: 40rem;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  caption {
    padding: ${({ theme }) => theme.space[3]};
    text-align: left;
    font-weight: 600;
    color: ${({ theme }) => theme.colors.text};
  }
  th,
  td {
    padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
    border-top: 1px solid ${({ theme }) => theme.colors.border};
    text-align: left;
    vertical-align: top;
  }
  thead th {
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.muted};
    font-weight: 600;
    white-space: nowrap;
  }
  td.amount,
  th.amount {
    text-align: right;
    white-space: nowrap;
    font-variant-numeric: tabular-nums;
  }
`;

/**
 * A table with its caption in its scrolling frame; `label` names the region (the caption's words unless shorter ones
 * are given).
 */
export function CaptionedTable({
  caption,
  label = caption,
  children,
}: {
  caption: string;
  label?: string;
  children: ReactNode;
}) {
  return (
    // A scrollable region must be reachable by keyboard (axe's scrollable-region-focusable).
    <Frame role="region" aria-label={label} tabIndex={0}>
      <Table>
        <caption>{caption}</caption>
        {children}
      </Table>
    </Frame>
  );
}
