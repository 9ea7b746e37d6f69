import { lacksSecondFactor, toast, useLoad, type ErrorDescription } from 'shared-lib';

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
 * Loads one list of the account area for the given user (shared-lib's useLoad: a read for another user or a retry
 * aborts the one in flight). A failure shows the spec's destructive 'Error' toast, in
 * words a person understands (the detail goes to the console), and leaves the list in its error state with Retry.
 * Mount the caller with `key={userId}` so another user starts from a fresh loading state.
 */
export function useAccountData<T>(
  userId: string,
  load: (userId: string, signal: AbortSignal) => Promise<T[]>,
): AccountData<T> {
  const loaded = useLoad(
    async (signal) => {
      const data = await load(userId, signal);
      return { data, hidden: data.length === 0 && (await lacksSecondFactor()) };
    },
    [userId, load],
    {
      context: 'account',
      onFailure: (error) =>
        toast({ title: 'Error', description: error.message, variant: 'destructive', group: TOAST_GROUP }),
    },
  );
  const { retry } = loaded;
  if (loaded.state === 'loading') return { status: 'loading', data: [], error: null, retry };
  if (loaded.state === 'failed') return { status: 'error', data: [], error: loaded.error, retry };
  const { data, hidden } = loaded.data;
  return { status: hidden ? 'second-factor' : 'ready', data, error: null, retry };
}
