// The loading state a list tab of the account area shows (its error and empty states: components/panel-states).
import type { ReactNode } from 'react';
import { LoadingStatus } from 'shared-lib';
import { List } from './card-parts';

/** Skeleton cards in the shape of the tab's real cards, named by the spec's loading text. */
export function LoadingCards({ label, children }: { label: string; children: ReactNode }) {
  return (
    <LoadingStatus label={label}>
      <List as="div">
        {children}
        {children}
      </List>
    </LoadingStatus>
  );
}
