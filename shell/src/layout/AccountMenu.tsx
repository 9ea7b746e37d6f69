import { lazy, Suspense } from 'react';
import { User, UserCircle } from 'lucide-react';
import { IconButton, IconLink, paths, selectAuthStatus, selectUser, useSessionStore } from 'shared-lib';

// The menu's code is only needed once someone is signed in.
const SignedInMenu = lazy(() => import('./SignedInMenu'));

/** Signed in: a menu with My Account and Sign Out. Signed out: an icon to /auth. */
export function AccountMenu() {
  const user = useSessionStore(selectUser);
  const status = useSessionStore(selectAuthStatus);
  if (user) {
    return (
      <Suspense
        fallback={
          <IconButton type="button" aria-label="Account menu" disabled>
            <UserCircle size={22} aria-hidden />
          </IconButton>
        }
      >
        <SignedInMenu user={user} />
      </Suspense>
    );
  }
  return (
    <IconLink to={paths.auth} aria-label="Sign in" aria-busy={status === 'loading'}>
      <User size={20} aria-hidden />
    </IconLink>
  );
}
