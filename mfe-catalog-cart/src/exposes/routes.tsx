// `./routes`: the pages this slice owns (shared-lib's remotePaths.catalog), each loaded on demand.
import { lazy } from 'react';
import { paths, servicePaths, type RemoteRoute } from 'shared-lib';
import { loadOrderConfirmationPage } from '../pages/load-order-confirmation';

const ServicesPage = lazy(() => import('../pages/ServicesPage'));
const ServiceDetailPage = lazy(() => import('../pages/ServiceDetailPage'));
const CheckoutPage = lazy(() => import('../pages/CheckoutPage'));
const OrderConfirmationPage = lazy(loadOrderConfirmationPage);

const routes: readonly RemoteRoute[] = [
  { path: paths.howWeWork, Component: ServicesPage },
  ...servicePaths.map((path) => ({ path, Component: ServiceDetailPage })),
  { path: paths.checkout, Component: CheckoutPage },
  { path: paths.orderConfirmation, Component: OrderConfirmationPage },
];

export default routes;
