import { useCallback, useState } from 'react';
import { errorToast, toast, type ToastInput } from 'shared-lib';

/**
 * A one-button write (Resend): busy while it runs, the success toast, or the failure in describeError's words.
 * It stands in for shared-lib's useAction (issue #42.7, branch `reads`) until that is merged.
 */
export function useAction<A extends unknown[]>(
  run: (...args: A) => Promise<unknown>,
  { success, onSuccess }: { success: ToastInput; onSuccess?: () => void },
) {
  const [busy, setBusy] = useState(false);
  const act = useCallback(
    async (...args: A) => {
      setBusy(true);
      try {
        await run(...args);
        toast(success);
        onSuccess?.();
      } catch (error) {
        toast(errorToast(error, 'backoffice'));
      } finally {
        setBusy(false);
      }
    },
    [run, success, onSuccess],
  );
  return { busy, act };
}
