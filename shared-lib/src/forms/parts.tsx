// The parts every form is made of, driven by its useFormSubmit controller. A slice writes no <form> of its own
// (ESLint refuses one): <Form> wires the controller to it, so every form submits through the one pattern.
import { useComposedRefs } from '@radix-ui/react-compose-refs';
import { useLayoutEffect, useRef, type ComponentProps, type ReactNode } from 'react';
import styled, { keyframes } from 'styled-components';
import { Loader2 } from 'lucide-react';
import { media } from '../ui/theme';
import { Button, FieldError } from '../ui/primitives';
import { FormNote } from '../ui/text-field';
import type { FormController } from './use-form-submit';

interface Controlled {
  form: FormController;
}

/** The <form>: the controller's submit, no browser validation (the schema's messages say what is wrong). */
export function Form({
  form,
  children,
  ...props
}: Controlled & Omit<ComponentProps<'form'>, 'ref' | 'onSubmit' | 'noValidate'>) {
  return (
    <form
      ref={form.formRef}
      noValidate
      aria-busy={form.submitting}
      onSubmit={form.onSubmit}
      onFocus={form.prepare}
      {...props}
    >
      {children}
    </form>
  );
}

/**
 * Why the last call failed, beside the form; the fields and the submit button are described by it, and it takes
 * focus when the submit button cannot (kept disabled after the failure).
 */
export function FormFailure({ form }: Controlled) {
  return form.failure ? (
    <FieldError id={form.failureId} tabIndex={-1} data-form-failure>
      {form.failure}
    </FieldError>
  ) : null;
}

const spin = keyframes`to { transform: rotate(360deg); }`;

/** A turning circle beside the label of a button whose call is running (it stands still under reduced motion). */
const Spinner = styled(Loader2)`
  animation: ${spin} 1s linear infinite;
  ${media.reducedMotion} {
    animation: none;
  }
`;

/**
 * The submit button: disabled while the call runs (one call per press) and described by the failure. While it
 * runs it shows `busyLabel` ('Sending...'), or without one a spinner beside its own label.
 */
export function SubmitButton({
  form,
  busyLabel,
  disabled,
  children,
  ref,
  ...button
}: Controlled & { busyLabel?: ReactNode } & Omit<ComponentProps<typeof Button>, 'type' | 'form'>) {
  const { submitting, formRef } = form;
  const self = useRef<HTMLButtonElement>(null);
  // A caller's own ref gets the button too (React 19 passes `ref` as a prop; spread last, it would replace ours).
  const refs = useComposedRefs(self, ref);
  // Disabled by its form while it has focus (the checkout waiting for a new quote after a refused price): a
  // disabled button cannot keep focus, so the failure's words take it rather than <body>.
  useLayoutEffect(() => {
    if (disabled && !submitting && self.current === document.activeElement) {
      formRef.current?.querySelector<HTMLElement>('[data-form-failure]')?.focus();
    }
  }, [disabled, submitting, formRef]);
  return (
    <Button
      ref={refs}
      type="submit"
      disabled={submitting || disabled}
      aria-describedby={form.failureId}
      {...button}
    >
      {submitting && busyLabel === undefined ? <Spinner size={18} aria-hidden /> : null}
      {submitting && busyLabel !== undefined ? busyLabel : children}
    </Button>
  );
}

/** The success text where the form was sent; it takes focus once shown. */
export function SuccessNote({ form, className }: Controlled & { className?: string }) {
  return form.note ? (
    <FormNote ref={form.noteRef} tabIndex={-1} role="status" className={className}>
      {form.note}
    </FormNote>
  ) : null;
}
