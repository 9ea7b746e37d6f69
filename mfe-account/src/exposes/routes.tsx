import { lazy } from 'react';
import { paths, type RemoteRoute } from 'shared-lib';

const routes: readonly RemoteRoute[] = [
  { path: paths.auth, Component: lazy(() => import('../pages/AuthPage')) },
  { path: paths.authReset, Component: lazy(() => import('../pages/ResetPasswordPage')) },
  { path: paths.account, Component: lazy(() => import('../pages/AccountPage')) },
  { path: paths.invoice, Component: lazy(() => import('../pages/InvoicePage')) },
];

export default routes;
