import type { ComponentProps, ReactNode } from 'react';
import { Input, Label } from './primitives';

export type TextFieldProps = ComponentProps<typeof Input> & { id: string; label: ReactNode };

/** A labelled text input: the label above the input, as every form on the site lays them out. */
export function TextField({ id, label, ...input }: TextFieldProps) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} {...input} />
    </div>
  );
}

/** The e-mail field every form asks for: labelled 'Email', with the browser's e-mail keyboard and autofill. */
export function EmailField(props: Omit<TextFieldProps, 'label' | 'type'> & { label?: ReactNode }) {
  return <TextField label="Email" type="email" autoComplete="email" {...props} />;
}
