import { TextField, type TextFieldProps } from 'shared-lib';

/** The 6-digit code of an authenticator app: the phone's number pad and the browser's one-time-code autofill. */
export function CodeField(props: Omit<TextFieldProps, 'label' | 'type'> & { label?: string }) {
  return (
    <TextField
      label="Authentication code"
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={7}
      spellCheck={false}
      required
      {...props}
    />
  );
}
