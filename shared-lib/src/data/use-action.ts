// The one way a one-button write runs (docs/architecture.md, "Reading and acting"): a button that sends one
// thing, outside a form (a form is useFormSubmit's). useAction owns the busy state (the button disabled and
// aria-busy, one call per press however fast the presses), the failure in describeError's words (the detail to
// the console), and focus: a disabled button drops it, so once the call has answered focus goes to the result
// when one shows (`resultRef`), else back to the button (`buttonRef`), never to <body> (WCAG 2.4.3).
import { useEffect, useRef, useState, type RefObject } from 'react';
import { reportError } from '../errors/describe-error';

export interface ActionOptions<A extends unknown[], R> {
  /** The write (an api/ function). */
  run: (...args: A) => Promise<R>;
  /** Names the action in the console when it fails. */
  context: string;
  onSuccess?: (result: R) => void;
  /**
   * An error that is an answer the caller handles itself (a link that expired meanwhile: the page reads it
   * again): return true, and no failure is shown.
   */
  handled?: (error: unknown) => boolean;
  /** After a failure is shown (a toast of the caller's own). */
  onFailure?: (message: string, error: unknown) => void;
}

export interface Action<A extends unknown[]> {
  /** Runs the write; a press while it runs does nothing. */
  run: (...args: A) => void;
  /** From the press until the call has answered. */
  busy: boolean;
  /** Why the last run failed, in words for people, until the next run or reset(). */
  failure: string | null;
  /** Whether the last run succeeded (until the next run or reset()). */
  done: boolean;
  /** Forgets the failure and the success (a step that goes back). */
  reset: () => void;
  /** The button; focus returns to it after a failure, or after a success that shows no result. */
  buttonRef: RefObject<HTMLButtonElement | null>;
  /**
   * For the `ref` of what the success shows (focusable: tabIndex={-1}); focus goes to it. A callback ref, so it
   * fits any element.
   */
  resultRef: (element: HTMLElement | null) => void;
}

type Outcome = { done: boolean } | null;

export function useAction<A extends unknown[], R>(options: ActionOptions<A, R>): Action<A> {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  // Each answer, so focus moves once per press, after the render that shows its outcome.
  const [settled, setSettled] = useState<Outcome>(null);
  const running = useRef(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const result = useRef<HTMLElement | null>(null);
  const [resultRef] = useState(() => (element: HTMLElement | null) => {
    result.current = element;
  });

  useEffect(() => {
    if (!settled) return;
    const shown = settled.done ? result.current : null;
    (shown ?? buttonRef.current)?.focus();
  }, [settled]);

  const run = (...args: A) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    setFailure(null);
    setDone(false);
    // A call that throws before it returns its promise fails the same way.
    new Promise<R>((resolve) => resolve(options.run(...args))).then(
      (result) => {
        running.current = false;
        setBusy(false);
        setDone(true);
        options.onSuccess?.(result);
        setSettled({ done: true });
      },
      (error: unknown) => {
        running.current = false;
        setBusy(false);
        if (!options.handled?.(error)) {
          const { message } = reportError(options.context, error);
          setFailure(message);
          options.onFailure?.(message, error);
        }
        setSettled({ done: false });
      },
    );
  };

  return {
    run,
    busy,
    failure,
    done,
    reset: () => {
      setFailure(null);
      setDone(false);
    },
    buttonRef,
    resultRef,
  };
}
