// The auth session as the shell sees it. The shell fills it from supabase-js; every slice reads it.
import { create } from 'zustand';
import { isSecondFactorToken, isStaffToken } from '../session/access-token';

export interface SessionUser {
  id: string;
  email: string;
}

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

export interface SessionState {
  status: AuthStatus;
  user: SessionUser | null;
  accessToken: string | null;
  /**
   * A password sign-in of an account with two-factor authentication, waiting for its code (the session is aal1 of
   * aal2). The visitor counts as signed out until the code is verified; /auth asks for it.
   */
  awaitingSecondFactor: boolean;
  /**
   * The session's access token says the user is the agency's staff (also while their code is awaited). The shell
   * shows the back office only then; it hides screens, the database decides what staff may do.
   */
  staff: boolean;
  /** The session's second factor is verified (its access token's `aal` is aal2). */
  secondFactorVerified: boolean;
  /** Signed in from a password-reset link: the next step is choosing a new password on /auth/reset. */
  passwordRecovery: boolean;
  /**
   * The router's key for the page where the visitor chose Sign Out. That page, if protected, leaves for home instead
   * of asking them to sign in again (as it does when a session ends on its own: expired, or another tab).
   */
  signedOutOn: string | null;
  /** A full session, or none (which also ends a recovery or a wait for the second factor). */
  setSession: (
    session: { user: SessionUser; accessToken: string } | null,
    options?: { signedOutOn?: string },
  ) => void;
  /** A sign-in waits for its second factor; `accessToken` (by default the current one) tells whether it is staff's. */
  awaitSecondFactor: (accessToken?: string | null) => void;
  setPasswordRecovery: (recovering: boolean) => void;
}

export const useSessionStore = create<SessionState>()((set, get) => ({
  status: 'loading',
  user: null,
  accessToken: null,
  awaitingSecondFactor: false,
  staff: false,
  secondFactorVerified: false,
  passwordRecovery: false,
  signedOutOn: null,
  setSession: (session, options) =>
    set(
      session
        ? {
            status: 'signed-in',
            user: session.user,
            accessToken: session.accessToken,
            awaitingSecondFactor: false,
            staff: isStaffToken(session.accessToken),
            secondFactorVerified: isSecondFactorToken(session.accessToken),
            signedOutOn: null,
          }
        : {
            status: 'signed-out',
            user: null,
            accessToken: null,
            awaitingSecondFactor: false,
            staff: false,
            secondFactorVerified: false,
            passwordRecovery: false,
            // supabase-js's own SIGNED_OUT event follows a Sign Out: it must not forget where that happened.
            signedOutOn: options?.signedOutOn ?? get().signedOutOn,
          },
    ),
  awaitSecondFactor: (accessToken = get().accessToken) =>
    set({
      status: 'signed-out',
      user: null,
      accessToken: null,
      awaitingSecondFactor: true,
      staff: accessToken ? isStaffToken(accessToken) : false,
      secondFactorVerified: false,
    }),
  setPasswordRecovery: (passwordRecovery) => set({ passwordRecovery }),
}));

export const selectUser = (s: SessionState) => s.user;
export const selectAuthStatus = (s: SessionState) => s.status;
