import { lazy } from 'react';
import { paths, type RemoteRoute } from 'shared-lib';

// The shell renders these for staff alone (its staff guard); nobody else downloads them.
const routes: readonly RemoteRoute[] = [
  { path: paths.admin, Component: lazy(() => import('../pages/StartPage')) },
  { path: paths.adminOrders, Component: lazy(() => import('../pages/OrdersPage')) },
  { path: paths.adminOrder, Component: lazy(() => import('../pages/OrderPage')) },
  { path: paths.adminCalendar, Component: lazy(() => import('../pages/CalendarPage')) },
  { path: paths.adminPromotions, Component: lazy(() => import('../pages/PromotionsPage')) },
  { path: paths.adminLeads, Component: lazy(() => import('../pages/LeadsPage')) },
  { path: paths.adminNewsletter, Component: lazy(() => import('../pages/NewsletterPage')) },
];

export default routes;
