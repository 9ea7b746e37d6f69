// The one way a component reads what it shows (docs/architecture.md, "Reading and acting"). useLoad owns what
// every read repeated by hand before: the loading, ready and failed states, the failure in describeError's words
// (the detail to the console), Retry, and cancellation: a read whose inputs changed, that a retry replaced or
// whose component unmounted is aborted (its AbortSignal, which the api/ function hands to supabase-js or fetch)
// and its answer, should it still come, is dropped.
//
// Why not TanStack Query: shared-lib is eager in the shell, so whatever it holds is on every public page; this
// hook is well under 1 KB gzip where TanStack Query's core and React binding are about 12 KB, and the site needs
// none of its cache: each page reads its own rows once and again on Retry.
import { useCallback, useEffect, useState, type DependencyList } from 'react';
import { reportError, type ErrorDescription } from '../errors/describe-error';

/** What a read has given so far. */
export type Loaded<T> =
  | { state: 'loading' }
  | { state: 'ready'; data: T }
  /** `error` in words for people; `cause` what was thrown, for a caller that tells some errors apart. */
  | { state: 'failed'; error: ErrorDescription; cause: unknown };

export type Load<T> = Loaded<T> & {
  /** Reads again (the failure's Retry), from 'loading'. */
  retry: () => void;
  /** Shows data the component got otherwise (an action's answer) as the read's, until the next read. */
  set: (data: T) => void;
};

export interface LoadOptions {
  /** Names the read in the console when it fails ('[invoice] ...'). */
  context: string;
  /** False while there is nothing to ask yet: the state stays 'loading' and nothing is read. */
  enabled?: boolean;
  /** After a failure is shown (a toast of the caller's own). */
  onFailure?: (error: ErrorDescription, cause: unknown) => void;
  /**
   * An extra the page does without when it fails (the promotion banner): the failure is logged as a warning, not
   * an error. The page has handled it, and an error in the console says something is broken (Lighthouse's best
   * practices counts each one).
   */
  optional?: boolean;
}

const LOADING = { state: 'loading' } as const;

/**
 * Reads `load(signal)` when the component mounts and again whenever `deps` change (as useEffect's; ESLint checks
 * them through react-hooks' additionalHooks) or `retry()` is called.
 *
 *   const invoice = useLoad((signal) => fetchInvoice(number, signal), [number], { context: 'invoice' });
 */
export function useLoad<T>(
  load: (signal: AbortSignal) => Promise<T>,
  deps: DependencyList,
  { context, enabled = true, onFailure, optional = false }: LoadOptions,
): Load<T> {
  const [loaded, setLoaded] = useState<Loaded<T>>(LOADING);
  const [round, setRound] = useState(0);

  useEffect(() => {
    setLoaded(LOADING);
    if (!enabled) return undefined;
    const controller = new AbortController();
    const { signal } = controller;
    load(signal).then(
      (data) => {
        if (!signal.aborted) setLoaded({ state: 'ready', data });
      },
      (cause: unknown) => {
        // An aborted read was replaced or left: nobody waits for its words.
        if (signal.aborted) return;
        const error = reportError(context, cause, { level: optional ? 'warn' : 'error' });
        setLoaded({ state: 'failed', error, cause });
        onFailure?.(error, cause);
      },
    );
    return () => controller.abort();
    // `load` and the options are read from the render that started the read; `deps` say when to read again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, round, enabled]);

  const retry = useCallback(() => setRound((n) => n + 1), []);
  const set = useCallback((data: T) => setLoaded({ state: 'ready', data }), []);
  return { ...loaded, retry, set };
}
