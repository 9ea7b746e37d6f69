import { paths } from 'shared-lib';

/** One page of the back office in its navigation. */
export interface Desk {
  path: string;
  label: string;
}

/**
 * The back office's pages, in the navigation's order (beyond the spec, #42). Each desk (orders, calendar,
 * promotions and leads) joins this list with its page.
 */
export const desks: readonly Desk[] = [
  { path: paths.admin, label: 'Start' },
  { path: paths.adminOrders, label: 'Orders' },
  { path: paths.adminCalendar, label: 'Calendar' },
  { path: paths.adminPromotions, label: 'Promotions' },
  { path: paths.adminLeads, label: 'Leads' },
  { path: paths.adminNewsletter, label: 'Newsletter' },
];
