// The spec's password rules (section 5) in one place: the schemas check them (validation/schemas.ts), and the
// forms that choose a password list them under the field, ticking each off as it is typed (beyond the spec, #45.7).
// No zod here, so the list can render without the schemas' chunk.

export interface PasswordRule {
  /** What the list under the field says ('At least 8 characters'). */
  label: string;
  /** The spec's message when the rule fails (sign-in keeps these). */
  message: string;
  test: (password: string) => boolean;
}

export const PASSWORD_MIN = 8;

// ASCII letters and digits, like Supabase's own password requirements. Not trimmed: spaces are part of a password.
export const PASSWORD_RULES: readonly PasswordRule[] = [
  {
    label: `At least ${PASSWORD_MIN} characters`,
    message: `Password must be at least ${PASSWORD_MIN} characters`,
    test: (password) => password.length >= PASSWORD_MIN,
  },
  {
    label: 'An uppercase letter',
    message: 'Password must contain at least one uppercase letter',
    test: (password) => /[A-Z]/.test(password),
  },
  {
    label: 'A lowercase letter',
    message: 'Password must contain at least one lowercase letter',
    test: (password) => /[a-z]/.test(password),
  },
  {
    label: 'A number',
    message: 'Password must contain at least one number',
    test: (password) => /[0-9]/.test(password),
  },
];

/** Where a new password fails, with the list shown: one message, so the toast does not repeat the list. */
export const PASSWORD_RULES_UNMET = 'Password must meet every rule in the list';
