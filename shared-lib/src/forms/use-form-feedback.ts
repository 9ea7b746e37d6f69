// What a form shows and where focus goes around a submit (WCAG 3.3.1, 2.4.3), beside useFormSubmit's toasts:
// - a failed check puts each field's error under it (persistent, linked by aria-describedby, aria-invalid) and
//   moves focus to the first invalid field;
// - an edit clears that field's error (and an earlier success note);
// - a success can leave a note (the spec's success text) that takes focus, since the disabled submit button
//   cannot keep it; a failed call gives focus back to the submit button instead of leaving it on <body>.
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

export type FieldErrorMap<F extends string> = Partial<Record<F, string>>;

export interface FormFeedback<F extends string> {
  /** Give it to the <form>. */
  formRef: RefObject<HTMLFormElement | null>;
  /** Each field's error from the last check. */
  errors: FieldErrorMap<F>;
  /** The check's verdict per field ({} when it passed): shows the errors and focuses the first invalid field. */
  report: (errors: FieldErrorMap<F>) => void;
  /** Clears one field's error, for its onChange. */
  clear: (field: F) => void;
  /** The success note to show (until the next edit), or null. */
  note: string | null;
  /** Ref for the success note's element (it needs tabIndex={-1}). */
  noteRef: RefObject<HTMLParagraphElement | null>;
  /** Call from onSuccess with the text to show; focus moves to it once the form is enabled again. */
  succeed: (note: string) => void;
}

/** A form's inline errors and success note; pair it with `useFocusAfterSubmit(feedback, submitting)`. */
export function useFormFeedback<F extends string>(): FormFeedback<F> {
  const formRef = useRef<HTMLFormElement>(null);
  const noteRef = useRef<HTMLParagraphElement>(null);
  const [errors, setErrors] = useState<FieldErrorMap<F>>({});
  const [note, setNote] = useState<string | null>(null);
  const focusInvalid = useRef(false);
  const focusNote = useRef(false);

  useLayoutEffect(() => {
    if (!focusInvalid.current) return;
    focusInvalid.current = false;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  useLayoutEffect(() => {
    if (!focusNote.current || !note) return;
    focusNote.current = false;
    noteRef.current?.focus();
  }, [note]);

  return {
    formRef,
    errors,
    report: (next) => {
      focusInvalid.current = Object.values(next).some(Boolean);
      setErrors(next);
      if (focusInvalid.current) setNote(null);
    },
    clear: (field) => {
      setNote(null);
      setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
    },
    note,
    noteRef,
    succeed: (text) => {
      focusNote.current = true;
      setNote(text);
    },
  };
}

/**
 * When a submit's call has answered and the submit button, disabled meanwhile, lost focus with it (and no success
 * note took it), focus goes back to the button instead of staying on <body>.
 */
export function useFocusAfterSubmit<F extends string>(feedback: FormFeedback<F>, submitting: boolean): void {
  const wasSubmitting = useRef(false);
  const { formRef } = feedback;
  useEffect(() => {
    const ended = wasSubmitting.current && !submitting;
    wasSubmitting.current = submitting;
    if (!ended) return;
    const active = document.activeElement;
    if (!active || active === document.body) {
      formRef.current?.querySelector<HTMLElement>('[type="submit"]')?.focus();
    }
  }, [submitting, formRef]);
}
