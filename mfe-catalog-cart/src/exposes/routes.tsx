import { lazy } from 'react';
import { paths, servicePaths, type RemoteRoute } from 'shared-lib';

const Services = lazy(() => import('../pages/ServicesPage'));

const routes: readonly RemoteRoute[] = [
  { path: paths.howWeWork, Component: Services },
  ...servicePaths.map((path) => ({ path, Component: Services })),
  { path: paths.checkout, Component: Services },
];

export default routes;
