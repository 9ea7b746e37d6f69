// What signing in tells the user once it worked (spec section 8). Failures are in words from shared-lib's
// describeError (AUTH_ERROR_MESSAGES for the auth server's refusals).
export const AUTH_MESSAGES = {
  signedIn: 'Logged in successfully!',
  // Said only when the sign-up signed straight in (beyond the spec, #45.7: the spec's 'You can now log in.' asked a
  // signed-in customer to log in); one that awaits its e-mail confirmation says 'Check your inbox'.
  signedUp: 'Account created! You are now signed in.',
} as const;
