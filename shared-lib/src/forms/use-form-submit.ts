// The one form pattern of the site. useFormSubmit owns everything between a press of the submit button and what
// the visitor sees after it: the values, the check against the form's zod schema (shared-lib/validation), the
// call, and its outcome in words (describeError), in a toast (read out by the page's live region, or an alert) and
// beside the form, with focus moved where the visitor needs it (WCAG 3.3.1, 2.4.3, 4.1.3). A form only says what
// is particular to it: its schema, its call, its texts. It renders through shared-lib's <Form> (forms/parts.tsx),
// which ESLint makes the only way to write a form in a slice.
//
// Why not react-hook-form: measured, its useForm and zodResolver are about 12.6 KB gzip, which would join the
// first load of every page (shared-lib is eager in the shell) or need a seventh federation singleton, to replace
// the 40 lines that hold the values and field errors here; the toasts, describeError's words, the failure kept
// beside the form and the focus rules are this site's own either way. The forms are one to seven controlled
// fields.
import {
  useEffect,
  useId,
  useRef,
  useState,
  type Dispatch,
  type FormEvent,
  type RefObject,
  type SetStateAction,
} from 'react';
import type { ZodType } from 'zod';
import { reportError } from '../errors/describe-error';
import { toast, type ToastInput } from '../stores/toast';

/** A form's fields and what is typed in them. */
export type FormValues = Record<string, string>;

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/**
 * What a form says when the backend refused in a way the form has words for (an address already subscribed, a
 * code never issued): a destructive toast, and its text (`description`, else `title`) kept under `field`, or
 * beside the form when no field is named.
 */
export interface Refusal<F extends string = string> {
  title: string;
  description?: string;
  field?: F;
}

/** Thrown by a form's `send` for a refusal that is an answer, not an error (a discount code the server does not know). */
export class FormRefusal<F extends string = string> extends Error {
  constructor(readonly refusal: Refusal<F>) {
    super(refusal.description ?? refusal.title);
    this.name = 'FormRefusal';
  }
}

/** What a failed call left, for a parent that reacts to it. */
export interface SubmitFailure {
  error: unknown;
  /** The words shown for it. */
  message: string;
  /** True when the form had words of its own for it (a refusal), false for describeError's. */
  refused: boolean;
}

export interface FormOptions<V extends FormValues, T, R> {
  /** The fields and their starting values; the form keeps what is typed. */
  initial?: V;
  /** Or a parent's state, for values that must outlive the form (the booking details across a change of time). */
  state?: [V, Dispatch<SetStateAction<V>>];
  /** The rules the values must pass; what it parses them to is what `send` gets (the values as they are without). */
  schema?: ZodType<T>;
  /** Or a loader of the schema, for a form that loads zod only once it is used (<Form> starts it on focus). */
  loadSchema?: () => Promise<ZodType<T>>;
  /**
   * The toast when the values do not pass: the spec's destructive 'Validation Error' listing every message,
   * comma-separated; 'first' lists only the first; or a toast of the form's own.
   */
  invalidToast?: 'first' | ToastInput;
  /** The backend call (the form's api/ function). */
  send: (data: T) => Promise<R>;
  /** The toast once the call succeeded (none where the function gives none). */
  success?: ToastInput | ((result: R, data: T) => ToastInput | undefined);
  /** A success text shown in the form (it takes focus, since the disabled button could not keep it). */
  note?: string | ((result: R, data: T) => string);
  /** Empty the fields once the call succeeded. */
  clearOnSuccess?: boolean;
  onSuccess?: (result: R, data: T) => void;
  /** The form's own words for an error it expects, by its code (see isApiError); describeError's otherwise. */
  refusal?: (error: unknown) => Refusal<Extract<keyof V, string>> | undefined;
  /** Fields emptied after a failed call (a one-time code that cannot be tried again). */
  clearOnFailure?: readonly Extract<keyof V, string>[];
  onFailure?: (failure: SubmitFailure) => void;
  /**
   * The toast group of the form's toasts (its own by default): forms of one page that share a group replace each
   * other's toasts, and the page can dismiss them together (the checkout, once the order is placed).
   */
  toastGroup?: string;
}

/** The props a field takes from the form (TextField, EmailField, TextareaField, SelectField). */
export interface FieldProps {
  id: string;
  name: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  error: string | undefined;
  'aria-describedby': string | undefined;
}

// Methods, not function properties: a form's controller is then also a FormController of any fields, which is
// what the parts (<Form>, <SubmitButton>, ...) take.
export interface FormController<V extends FormValues = FormValues> {
  values: V;
  /** Sets a field (clearing its error, and the form's failure and success text). */
  set(field: Extract<keyof V, string>, value: string): void;
  /** A field's props: its value, its error, and the form's failure in its description. */
  field(name: Extract<keyof V, string>): FieldProps;
  errors: FieldErrors<Extract<keyof V, string>>;
  /** Why the last call failed, kept beside the form until the next edit or try. */
  failure: string | null;
  failureId: string | undefined;
  /** The success text, until the next edit or try. */
  note: string | null;
  /** From a valid submit until the call has answered: the submit button is disabled meanwhile. */
  submitting: boolean;
  /** Forgets the errors, the failure and the success text (a form switching mode). */
  clearMessages(): void;
  // For <Form> and <SuccessNote>:
  formRef: RefObject<HTMLFormElement | null>;
  noteRef: RefObject<HTMLParagraphElement | null>;
  onSubmit(event: FormEvent): void;
  /** Starts loading the schema (when it is loaded on demand). */
  prepare(): void;
}

type Outcome = 'invalid' | 'success' | 'failure';

/**
 * The spec's destructive 'Error' toast for an error, in words for people (shared-lib's describeError: the
 * connection, a slow server, a rate limit, an expired session); the error itself goes to the console.
 */
export const errorToast = (error: unknown, context = 'form'): ToastInput => ({
  title: 'Error',
  description: reportError(context, error).message,
  variant: 'destructive',
});

/** Each field's messages, in the schema's order, comma-separated. */
export function messagesByField(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string> {
  const result: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (field === undefined) continue;
    const key = String(field);
    result[key] = result[key] ? `${result[key]}, ${issue.message}` : issue.message;
  }
  return result;
}

const EMPTY = {};

export function useFormSubmit<V extends FormValues, T = V, R = void>(
  options: FormOptions<V, T, R>,
): FormController<V> {
  const id = useId();
  const own = useState<V>(options.initial ?? (EMPTY as V));
  const [values, setValues] = options.state ?? own;
  const [errors, setErrors] = useState<FieldErrors<Extract<keyof V, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // Each settled submit, so the focus effect runs once per outcome, after the render that shows it.
  const [settled, setSettled] = useState<{ outcome: Outcome } | null>(null);
  const running = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const noteRef = useRef<HTMLParagraphElement>(null);
  const failureId = failure ? `${id}-failure` : undefined;
  // Every toast of this form shares one group, so the latest replaces the earlier ones: a success takes the place
  // of the validation toast the form showed before, instead of the two piling up.
  const show = (input: ToastInput) => toast({ ...input, group: options.toastGroup ?? id });

  useEffect(() => {
    if (!settled) return;
    const form = formRef.current;
    const active = document.activeElement;
    // A disabled control cannot hold focus: browsers move it to <body> (jsdom leaves it where it was).
    const lost = !active || active === document.body || (active as HTMLButtonElement).disabled === true;
    if (settled.outcome === 'invalid') {
      form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    } else if (settled.outcome === 'success' && noteRef.current) {
      noteRef.current.focus();
    } else if (lost) {
      // The submit button, disabled while the call ran, dropped focus: give it back instead of leaving <body>, or,
      // while the form keeps it disabled (the checkout re-quoting after a refusal), to the words of the failure.
      const submit = form?.querySelector<HTMLButtonElement>('[type="submit"]');
      if (submit && !submit.disabled) submit.focus();
      else form?.querySelector<HTMLElement>('[data-form-failure]')?.focus();
    }
  }, [settled]);

  const settle = (outcome: Outcome) => setSettled({ outcome });

  const set: FormController<V>['set'] = (field, value) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
    setFailure(null);
    setNote(null);
  };

  const fail = (error: unknown) => {
    const refusal = error instanceof FormRefusal ? (error.refusal as Refusal) : options.refusal?.(error);
    let message: string;
    if (refusal) {
      message = refusal.description ?? refusal.title;
      show({ title: refusal.title, description: refusal.description, variant: 'destructive' });
      if (refusal.field) setErrors({ [refusal.field]: message } as FieldErrors<Extract<keyof V, string>>);
      else setFailure(message);
    } else {
      const shown = errorToast(error);
      message = shown.description!;
      show(shown);
      setFailure(message);
    }
    const cleared = options.clearOnFailure ?? [];
    if (cleared.length > 0) {
      setValues((current) => ({ ...current, ...Object.fromEntries(cleared.map((field) => [field, ''])) }));
    }
    options.onFailure?.({ error, message, refused: Boolean(refusal) });
    settle(refusal?.field ? 'invalid' : 'failure');
  };

  /** The parsed values, or null once the form has shown why it cannot send them. */
  const check = async (): Promise<{ data: T } | null> => {
    let schema: ZodType<T> | undefined;
    try {
      schema = options.schema ?? (await options.loadSchema?.());
    } catch (error) {
      // The schema's chunk could not be loaded (the connection).
      fail(error);
      return null;
    }
    if (!schema) return { data: values as unknown as T };
    const parsed = schema.safeParse(values);
    if (parsed.success) {
      setErrors({});
      return { data: parsed.data };
    }
    const { issues } = parsed.error;
    setErrors(messagesByField(issues) as FieldErrors<Extract<keyof V, string>>);
    const { invalidToast } = options;
    const listed = invalidToast === 'first' ? issues.slice(0, 1) : issues;
    show(
      typeof invalidToast === 'object'
        ? invalidToast
        : {
            title: 'Validation Error',
            description: listed.map((issue) => issue.message).join(', '),
            variant: 'destructive',
          },
    );
    settle('invalid');
    return null;
  };

  const succeed = (result: R, data: T) => {
    const { note: text, success } = options;
    if (options.clearOnSuccess) setValues(options.initial ?? (EMPTY as V));
    if (text !== undefined) setNote(typeof text === 'function' ? text(result, data) : text);
    options.onSuccess?.(result, data);
    const shown = typeof success === 'function' ? success(result, data) : success;
    if (shown) show(shown);
    settle('success');
  };

  const submit = async () => {
    setFailure(null);
    setNote(null);
    const checked = await check();
    if (!checked) return;
    setSubmitting(true);
    let result: R;
    try {
      result = await options.send(checked.data);
    } catch (error) {
      fail(error);
      return;
    } finally {
      setSubmitting(false);
    }
    succeed(result, checked.data);
  };

  return {
    values,
    set,
    field: (name) => ({
      id: `${id}-${name}`,
      name,
      value: values[name] ?? '',
      onChange: (event) => set(name, event.target.value),
      error: errors[name],
      'aria-describedby': failureId,
    }),
    errors,
    failure,
    failureId,
    note,
    submitting,
    clearMessages: () => {
      setErrors({});
      setFailure(null);
      setNote(null);
    },
    formRef,
    noteRef,
    onSubmit: (event) => {
      event.preventDefault();
      // One call per press, however fast the presses (the button is disabled only once the values passed).
      if (running.current) return;
      running.current = true;
      void submit().finally(() => {
        running.current = false;
      });
    },
    // A failure to load is said when the form is sent.
    prepare: () => void options.loadSchema?.().catch(() => undefined),
  };
}
