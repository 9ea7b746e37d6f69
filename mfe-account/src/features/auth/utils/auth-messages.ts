// What signing in tells the user once it worked (spec section 8). Failures are in words from shared-lib's
// describeError (AUTH_ERROR_MESSAGES for the auth server's refusals).
export const AUTH_MESSAGES = {
  signedIn: 'Logged in successfully!',
  signedUp: 'Account created! You can now log in.',
} as const;
