import { useCallback, useEffect, useState } from 'react';
import { lacksSecondFactor, reportError, toast, type ErrorDescription } from 'shared-lib';

type AccountDataStatus = 'loading' | 'error' | 'ready' | 'second-factor';

export interface AccountData<T> {
  /**
   * 'ready' only after a load that succeeded: an empty list then means there is nothing, not a failure.
   * 'second-factor': the list came back empty because the database hides the account's rows from this session
   * until its second factor is entered (two-factor was turned on elsewhere since the session began).
   */
  status: AccountDataStatus;
  data: T[];
  /** What went wrong, in words for people, while `status` is 'error'. */
  error: ErrorDescription | null;
  /** Loads the list again (the error state's Retry). */
  retry: () => void;
}

/** One toast for the account's loads: when orders and meetings fail together, the second replaces the first. */
const TOAST_GROUP = 'account-load';

/**
 * Loads one list of the account area for the given user. A failure shows the spec's destructive 'Error' toast, in
 * words a person understands (the detail goes to the console), and leaves the list in its error state with Retry.
 * Mount the caller with `key={userId}` so another user starts from a fresh loading state.
 */
export function useAccountData<T>(userId: string, load: (userId: string) => Promise<T[]>): AccountData<T> {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<Omit<AccountData<T>, 'retry'>>({
    status: 'loading',
    data: [],
    error: null,
  });

  useEffect(() => {
    // Ignore an answer that arrives after the user changed, a retry started or the page was left.
    let current = true;
    load(userId)
      .then(async (data) => ({ data, hidden: data.length === 0 && (await lacksSecondFactor()) }))
      .then(
        ({ data, hidden }) => {
          if (current) setState({ status: hidden ? 'second-factor' : 'ready', data, error: null });
        },
        (error: unknown) => {
          if (!current) return;
          const description = reportError('account', error);
          toast({
            title: 'Error',
            description: description.message,
            variant: 'destructive',
            group: TOAST_GROUP,
          });
          setState({ status: 'error', data: [], error: description });
        },
      );
    return () => {
      current = false;
    };
  }, [userId, load, attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading', data: [], error: null });
    setAttempt((n) => n + 1);
  }, []);

  return { ...state, retry };
}
