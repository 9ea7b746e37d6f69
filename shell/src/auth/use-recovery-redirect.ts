import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths, useSessionStore } from 'shared-lib';

/**
 * A password-reset link signs the visitor in (PASSWORD_RECOVERY) on whatever page it lands, the site root when the
 * auth server did not accept /auth/reset as its target: instead of going home as other sign-ins do, the visitor is
 * taken to /auth/reset to choose the new password.
 */
export function useRecoveryRedirect(): void {
  const recovering = useSessionStore((state) => state.passwordRecovery);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (recovering && pathname !== paths.authReset) navigate(paths.authReset, { replace: true });
  }, [recovering, pathname, navigate]);
}
