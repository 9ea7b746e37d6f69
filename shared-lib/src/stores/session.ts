// The auth session as the shell sees it. The shell fills it from supabase-js; every slice reads it.
import { create } from 'zustand';

export interface SessionUser {
  id: string;
  email: string;
}

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

export interface SessionState {
  status: AuthStatus;
  user: SessionUser | null;
  accessToken: string | null;
  setSession: (session: { user: SessionUser; accessToken: string } | null) => void;
}

export const useSessionStore = create<SessionState>()((set) => ({
  status: 'loading',
  user: null,
  accessToken: null,
  setSession: (session) =>
    set(
      session
        ? { status: 'signed-in', user: session.user, accessToken: session.accessToken }
        : { status: 'signed-out', user: null, accessToken: null },
    ),
}));

export const selectUser = (s: SessionState) => s.user;
export const selectAuthStatus = (s: SessionState) => s.status;
