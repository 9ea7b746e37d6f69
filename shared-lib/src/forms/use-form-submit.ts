// The one submit flow of the site's forms: check the values (a validation toast when they do not pass), show the
// loading state, make the backend call, then the success toast, or the error toast with the values kept.
import { useId, useState, type FormEvent } from 'react';
import { reportError } from '../errors/describe-error';
import { toast, type ToastInput } from '../stores/toast';

/** A form's check: the parsed values, or the toast saying what is wrong (see `checkForm` in shared-lib/validation). */
export type FormCheck<T> = { success: true; data: T } | { success: false; toast: ToastInput };

export interface FormSubmitOptions<T, R> {
  /** Checks the current values. It may be async, so a form can load its schema (zod) only when it is used. */
  check: () => FormCheck<T> | Promise<FormCheck<T>>;
  /** The backend call; when it throws, `failure`'s toast shows and the form keeps what was typed. */
  send: (data: T) => Promise<R>;
  /** Runs once the call succeeded, before the success toast: clear the form, move on. */
  onSuccess?: (result: R, data: T) => void;
  /** The toast once the call succeeded. */
  success: ToastInput | ((result: R, data: T) => ToastInput);
  /** The toast for an error `send` threw; undefined (or no `failure`) shows the destructive 'Error' toast. */
  failure?: (error: unknown) => ToastInput | undefined;
}

export interface FormSubmit {
  /** True from a valid submit until the call has answered: disable the button, show 'Sending...'. */
  submitting: boolean;
  /** The form's onSubmit. */
  onSubmit: (event: FormEvent) => void;
}

/**
 * The spec's destructive 'Error' toast for an error, in words for people (shared-lib's describeError: the
 * connection, a slow server, a rate limit, an expired session); the error itself goes to the console.
 */
export const errorToast = (error: unknown, context = 'form'): ToastInput => ({
  title: 'Error',
  description: reportError(context, error).message,
  variant: 'destructive',
});

export function useFormSubmit<T, R = void>(options: FormSubmitOptions<T, R>): FormSubmit {
  const [submitting, setSubmitting] = useState(false);
  // Every toast of this form shares one group, so the latest replaces the earlier ones: a success takes the place
  // of the validation toast the form showed before, instead of the two piling up.
  const group = useId();
  const show = (input: ToastInput) => toast({ ...input, group });

  const submit = async () => {
    const { check, send, onSuccess, success, failure } = options;
    const checked = await check();
    if (!checked.success) {
      show(checked.toast);
      return;
    }
    setSubmitting(true);
    try {
      const result = await send(checked.data);
      onSuccess?.(result, checked.data);
      show(typeof success === 'function' ? success(result, checked.data) : success);
    } catch (error) {
      show(failure?.(error) ?? errorToast(error));
    } finally {
      setSubmitting(false);
    }
  };

  return {
    submitting,
    onSubmit: (event) => {
      event.preventDefault();
      void submit();
    },
  };
}
