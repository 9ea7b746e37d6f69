import { useEffect, useState } from 'react';
import { toast } from 'shared-lib';

export interface AccountData<T> {
  data: T[];
  loading: boolean;
}

/**
 * Loads one list of the account area for the given user. A failure shows the spec's destructive 'Error' toast and
 * ends loading, so the tab shows its empty state instead of loading for ever. Mount the caller with
 * `key={userId}` so another user starts from a fresh loading state.
 */
export function useAccountData<T>(userId: string, load: (userId: string) => Promise<T[]>): AccountData<T> {
  const [state, setState] = useState<AccountData<T>>({ data: [], loading: true });

  useEffect(() => {
    // Ignore an answer that arrives after the user changed or the page was left.
    let current = true;
    load(userId).then(
      (data) => {
        if (current) setState({ data, loading: false });
      },
      (error: unknown) => {
        if (!current) return;
        toast({ title: 'Error', description: messageOf(error), variant: 'destructive' });
        setState({ data: [], loading: false });
      },
    );
    return () => {
      current = false;
    };
  }, [userId, load]);

  return state;
}

function messageOf(error: unknown): string {
  if (
    typeof error === 'object' &&
    error !== null &&
    'message' in error &&
    typeof error.message === 'string'
  ) {
    return error.message;
  }
  return String(error);
}
