// Playwright's global setup, once the test site is up: every test of the site is one client (127.0.0.1), so the
// budgets of bookings, subscriptions, wrong codes, orders and unpaid orders, per account and per address
// (client_budgets, set by the agency: README "Fair use") are lifted, as the web server's environment lifts the auth rate limits. The production rehearsal's own
// backend keeps the migrations' budgets.
import { serviceRoleHeaders, supabaseUrl } from './service-role';

export default async function liftClientBudgets(): Promise<void> {
  const response = await fetch(`${await supabaseUrl()}/rest/v1/client_budgets?max_uses=gte.0`, {
    method: 'PATCH',
    headers: serviceRoleHeaders,
    body: JSON.stringify({ max_uses: 1_000_000, address_max_uses: 1_000_000 }),
  });
  if (!response.ok)
    throw new Error(`could not lift the client budgets: ${response.status} ${await response.text()}`);
}
