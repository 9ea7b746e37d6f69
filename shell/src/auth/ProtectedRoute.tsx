import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { paths, selectAuthStatus, useSessionStore } from 'shared-lib';
import { PageSkeleton } from '../federation/PageSkeleton';

/**
 * 'Loading...' (the page's skeleton) until the first session check returns, then the page, or /auth (replacing
 * history). A visitor who signs out here goes home: the sign-in page must not remember this page for them.
 */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const status = useSessionStore(selectAuthStatus);
  const signedOutOn = useSessionStore((s) => s.signedOutOn);
  const location = useLocation();
  if (status === 'loading') return <PageSkeleton />;
  if (status === 'signed-out') {
    if (signedOutOn === location.key) return <Navigate to={paths.home} replace />;
    // The auth page sends the user back here after signing in.
    return <Navigate to={paths.auth} replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  return <>{children}</>;
}
