import { useCallback, useEffect, useState } from 'react';
import { reportError, type ErrorDescription } from 'shared-lib';

type LoadState<T> =
  | { status: 'loading'; data: T | undefined; error: null }
  | { status: 'ready'; data: T; error: null }
  | { status: 'error'; data: T | undefined; error: ErrorDescription };

export type Load<T> = LoadState<T> & {
  /** Loads again (Retry, or after an action changed what was read). */
  reload: () => void;
};

/**
 * One read of the back office: runs `load` whenever `key` changes (or on reload), ignores an answer that arrives
 * after the key changed or the page was left, and keeps the last data while it reloads (a table does not blink).
 * The failure is in describeError's words. It stands in for shared-lib's useLoad (issue #42.7, branch `reads`)
 * until that is merged: the pages use only status, data, error and reload, so switching is one import.
 */
export function useLoad<T>(key: string, load: () => Promise<T>): Load<T> {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LoadState<T>>({ status: 'loading', data: undefined, error: null });

  useEffect(() => {
    let current = true;
    setState((previous) => ({ status: 'loading', data: previous.data, error: null }));
    load().then(
      (data) => {
        if (current) setState({ status: 'ready', data, error: null });
      },
      (error: unknown) => {
        if (current)
          setState((previous) => ({
            status: 'error',
            data: previous.data,
            error: reportError('backoffice', error),
          }));
      },
    );
    return () => {
      current = false;
    };
    // `load` is read on each key or attempt: callers pass a fresh closure each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload } as Load<T>;
}
