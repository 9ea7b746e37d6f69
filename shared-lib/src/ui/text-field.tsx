import type { ComponentProps, ReactNode } from 'react';
import styled from 'styled-components';
import { FieldError, Input, Label, Select, Textarea } from './primitives';

/** What a field can say below itself: a hint (always shown) and the error of the last failed submit. */
export interface FieldFeedback {
  /** Shown under the field and read with it, e.g. the password rules. */
  hint?: ReactNode;
  /** The field's error from the last failed submit: shown under it, linked, and the field marked invalid. */
  error?: string;
}

/** The accessibility attributes that link a control to its hint and error (WCAG 3.3.1, 3.3.2). */
export function fieldAria(id: string, { hint, error }: FieldFeedback, describedBy?: string) {
  const ids = [describedBy, hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return {
    $invalid: Boolean(error),
    'aria-invalid': error ? (true as const) : undefined,
    'aria-describedby': ids.length > 0 ? ids.join(' ') : undefined,
  };
}

const Hint = styled.p`
  margin: ${({ theme }) => theme.space[1]} 0 0;
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/* A required field's label ends in a red asterisk, drawn by CSS with empty alternative text (the control's own
   required attribute is what assistive technology announces), so label texts stay as written. */
const FieldLabel = styled(Label)`
  &[data-required]::after {
    content: '*' / '';
    margin-left: 0.125rem;
    color: ${({ theme }) => theme.colors.danger};
  }
`;

/**
 * A field's frame: its label (with a * when required; the control itself carries `required` for assistive
 * technology), the control, then its hint and error with the ids `fieldAria` links to.
 */
export function FieldFrame({
  id,
  label,
  required,
  hint,
  error,
  children,
}: FieldFeedback & { id: string; label: ReactNode; required?: boolean; children: ReactNode }) {
  return (
    <div>
      <FieldLabel htmlFor={id} data-required={required ? '' : undefined}>
        {label}
      </FieldLabel>
      {children}
      {hint ? <Hint id={`${id}-hint`}>{hint}</Hint> : null}
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
    </div>
  );
}

export type TextFieldProps = ComponentProps<typeof Input> & FieldFeedback & { id: string; label: ReactNode };

/** A labelled text input: the label above the input, as every form on the site lays them out. */
export function TextField({ id, label, hint, error, ...input }: TextFieldProps) {
  return (
    <FieldFrame id={id} label={label} required={input.required} hint={hint} error={error}>
      <Input id={id} {...input} {...fieldAria(id, { hint, error }, input['aria-describedby'])} />
    </FieldFrame>
  );
}

/** The e-mail field every form asks for: labelled 'Email', with the browser's e-mail keyboard and autofill. */
export function EmailField(props: Omit<TextFieldProps, 'label' | 'type'> & { label?: ReactNode }) {
  return <TextField label="Email" type="email" autoComplete="email" {...props} />;
}

export type TextareaFieldProps = ComponentProps<typeof Textarea> &
  FieldFeedback & { id: string; label: ReactNode };

/** A labelled multi-line text field. */
export function TextareaField({ id, label, hint, error, ...textarea }: TextareaFieldProps) {
  return (
    <FieldFrame id={id} label={label} required={textarea.required} hint={hint} error={error}>
      <Textarea id={id} {...textarea} {...fieldAria(id, { hint, error }, textarea['aria-describedby'])} />
    </FieldFrame>
  );
}

export type SelectFieldProps = ComponentProps<typeof Select> &
  FieldFeedback & {
    id: string;
    label: ReactNode;
    /** The first, empty choice ('Select a budget range'). */
    placeholder: string;
    options: readonly { readonly value: string; readonly label: string }[];
  };

/** A labelled select: an empty first choice, then the options. */
export function SelectField({ id, label, hint, error, placeholder, options, ...select }: SelectFieldProps) {
  return (
    <FieldFrame id={id} label={label} required={select.required} hint={hint} error={error}>
      <Select id={id} {...select} {...fieldAria(id, { hint, error }, select['aria-describedby'])}>
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </FieldFrame>
  );
}

/** A form's success note (the spec's success text), shown where the form was sent; it takes focus (tabIndex -1). */
export const FormNote = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space[3]} ${({ theme }) => theme.space[4]};
  border-left: 4px solid ${({ theme }) => theme.colors.success};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.successSoft};
  color: ${({ theme }) => theme.colors.text};
`;
