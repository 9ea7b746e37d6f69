import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ERROR_MESSAGES,
  getSupabase,
  useSessionStore,
  type MeetingRow,
  type OrderItemRow,
  type OrderRow,
} from 'shared-lib';
import {
  createTestSupabase,
  definitionOf,
  findToast,
  json,
  renderWithProviders,
  resetStores,
  type FetchHandler,
} from 'shared-lib/src/testing';
import { authUser, sessionWithFactors, totpFactor } from '../../testing/supabase-auth';
import AccountPage from '../AccountPage';

const USER = { id: '0f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a', email: 'ada@example.com' };

const orders: OrderRow[] = [
  {
    id: 'a1b2c3d4-1111-4222-8333-944455556666',
    user_id: USER.id,
    created_at: '2025-03-10T12:00:00Z',
    total_amount: 107910,
    discount_amount: 11990,
    discount_code: 'ADA7QX2PL',
    status: 'paid',
    status_changed_at: '2025-03-12T09:00:00Z',
    paid_on: '2025-03-12',
    payment_reference: null,
    billing: null,
    show_in_recent_purchases: false,
  },
  {
    id: 'ffee0011-2222-4333-8444-555566667777',
    user_id: USER.id,
    created_at: '2025-01-15T12:00:00Z',
    total_amount: 89900,
    discount_amount: 0,
    discount_code: null,
    status: 'awaiting_payment',
    status_changed_at: '2025-01-15T12:00:00Z',
    paid_on: null,
    payment_reference: null,
    billing: null,
    show_in_recent_purchases: false,
  },
];

const item = (id: string, orderId: string, title: string, price: number): OrderItemRow => ({
  id,
  order_id: orderId,
  service_id: null,
  service_title: title,
  service_price: price,
  created_at: '2025-01-15T12:00:00Z',
});

const [recent, older] = orders as [OrderRow, OrderRow];

const orderItems: OrderItemRow[] = [
  item('i1', recent.id, 'Smart Website', 899),
  item('i2', recent.id, 'Custom GPTs', 300.5),
  item('i3', older.id, 'Smart Website', 899),
];

const meetings: MeetingRow[] = [
  {
    id: 'm1',
    user_id: USER.id,
    created_at: '2025-03-01T09:00:00Z',
    meeting_type: 'AI Strategy Call',
    scheduled_at: '2025-03-20T14:30:00Z',
    status: 'scheduled',
    notes: 'Bring the current site analytics',
    ends_at: '2025-03-20T15:00:00Z',
    time_zone: 'Europe/Berlin',
  },
  {
    id: 'm2',
    user_id: USER.id,
    created_at: '2025-02-01T09:00:00Z',
    meeting_type: 'Follow-up Call',
    scheduled_at: null,
    status: 'pending',
    notes: null,
    ends_at: null,
    time_zone: 'Europe/Berlin',
  },
];

const requests: URL[] = [];

const defaults: Record<string, () => Response> = {
  billing_details: () => json([]),
  invoices: () => json([]),
  // Meetings' offer of calls booked with the account's address (none unless a test says otherwise).
  'rpc/guest_bookings_for_account': () => json([]),
};

function answer(tables: Record<string, () => Response | Promise<Response>>) {
  requests.length = 0;
  const handler: FetchHandler = (url) => {
    requests.push(url);
    const table = url.pathname.replace(/^\/(rest|auth)\/v1\//, '');
    // The Profile's billing details and the orders' invoices are read (none unless a test says otherwise).
    const respond = tables[table] ?? defaults[table];
    if (!respond) throw new Error(`unexpected request ${url.pathname}`);
    return respond();
  };
  createTestSupabase(handler);
}

const forever = () => new Promise<Response>(() => undefined);

beforeEach(() => useSessionStore.getState().setSession({ user: USER, accessToken: 'token' }));
afterEach(resetStores);

async function openTab(name: string) {
  await userEvent.click(screen.getByRole('tab', { name }));
  return screen.getByRole('tabpanel', { name });
}

describe('AccountPage', () => {
  it('shows the heading and the Profile tab by default with the e-mail and user id', async () => {
    answer({ orders: () => json([]), meetings: () => json([]) });
    renderWithProviders(<AccountPage />, { route: '/account' });
    expect(screen.getByRole('heading', { level: 1, name: 'My Account' })).toBeInTheDocument();
    expect(screen.getByText('View your orders, meetings, and profile information')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Profile',
      'Orders',
      'Meetings',
    ]);
    expect(screen.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');

    const profile = screen.getByRole('tabpanel', { name: 'Profile' });
    expect(definitionOf(profile, 'Email')).toHaveTextContent(USER.email);
    // No internal id (beyond the spec, #45.7).
    expect(profile).not.toHaveTextContent('User ID');
    expect(profile).not.toHaveTextContent(USER.id);
    expect(await screen.findByRole('tab', { name: 'Orders' })).toBeInTheDocument();
  });

  it('shows the loading texts until the lists arrive', async () => {
    answer({ orders: forever, meetings: forever });
    renderWithProviders(<AccountPage />, { route: '/account' });
    expect(await openTab('Orders')).toHaveTextContent('Loading orders...');
    expect(await openTab('Meetings')).toHaveTextContent('Loading meetings...');
  });

  it('shows the empty texts and asks for no order items when there are no orders', async () => {
    answer({ orders: () => json([]), meetings: () => json([]) });
    renderWithProviders(<AccountPage />, { route: '/account' });
    const ordersPanel = await openTab('Orders');
    expect(await within(ordersPanel).findByText('No orders yet')).toBeInTheDocument();
    const meetingsPanel = await openTab('Meetings');
    expect(await within(meetingsPanel).findByText('No meetings booked yet')).toBeInTheDocument();
    // Nothing claims guest bookings by address any more (issue #30).
    expect(requests.map((url) => url.pathname).sort()).toEqual([
      '/rest/v1/billing_details',
      '/rest/v1/meetings',
      '/rest/v1/orders',
      '/rest/v1/rpc/guest_bookings_for_account',
    ]);
  });

  it('asks for the code, not "No orders yet", when two-factor was turned on since this session began', async () => {
    // The password's aal1 session, begun before the account had a factor; the auth server lists one now, and the
    // database shows such a session no rows.
    answer({
      token: () => json(sessionWithFactors(USER.email, 'aal1', [])),
      user: () => json({ ...authUser(USER.email, USER.id), factors: [totpFactor()] }),
      orders: () => json([]),
      meetings: () => json([]),
    });
    await (await getSupabase()).auth.signInWithPassword({ email: USER.email, password: 'Secret123' });
    renderWithProviders(<AccountPage />, { route: '/account' });
    const ordersPanel = await openTab('Orders');
    const words =
      'Your account has two-factor authentication. Enter the code from your authenticator app to see your';
    expect(await within(ordersPanel).findByText(`${words} orders.`)).toBeInTheDocument();
    expect(ordersPanel).not.toHaveTextContent('No orders yet');
    const meetingsPanel = await openTab('Meetings');
    expect(await within(meetingsPanel).findByText(`${words} meetings.`)).toBeInTheDocument();
    // Enter code: the session is now one that waits for its code, which the sign-in page asks for.
    await userEvent.click(within(meetingsPanel).getByRole('button', { name: 'Enter code' }));
    expect(useSessionStore.getState()).toMatchObject({ status: 'signed-out', awaitingSecondFactor: true });
  });

  it('queries only the user’s rows, newest first, and the items of those orders', async () => {
    answer({
      orders: () => json(orders),
      order_items: () => json(orderItems),
      meetings: () => json(meetings),
    });
    renderWithProviders(<AccountPage />, { route: '/account' });
    await within(await openTab('Orders')).findByRole('heading', { name: 'Order #a1b2c3d4' });

    const query = (table: string) =>
      requests.find((url) => url.pathname === `/rest/v1/${table}`)!.searchParams;
    for (const table of ['orders', 'meetings']) {
      expect(query(table).get('select')).toBe('*');
      expect(query(table).get('user_id')).toBe(`eq.${USER.id}`);
      expect(query(table).get('order')).toBe('created_at.desc');
    }
    expect(query('order_items').get('select')).toBe('*');
    expect(query('order_items').get('order_id')).toBe(`in.(${recent.id},${older.id})`);
    expect(query('order_items').get('order')).toBe('sort_order.asc');
    expect(query('invoices').get('select')).toBe('order_id,kind,number');
    expect(query('invoices').get('order_id')).toBe(`in.(${recent.id},${older.id})`);
  });

  it('shows a card per order with the spec formats', async () => {
    answer({ orders: () => json(orders), order_items: () => json(orderItems), meetings: () => json([]) });
    renderWithProviders(<AccountPage />, { route: '/account' });
    const panel = await openTab('Orders');
    const cards = await within(panel).findAllByRole('article');
    expect(cards).toHaveLength(2);

    const [first, second] = cards as [HTMLElement, HTMLElement];
    expect(first).toHaveAccessibleName('Order #a1b2c3d4');
    expect(first).toHaveTextContent('March 10, 2025');
    expect(first).toHaveTextContent('€1,079.10');
    expect(first).toHaveTextContent('Saved €119.90');
    expect(within(first).getByRole('heading', { name: 'Items' })).toBeInTheDocument();
    expect(
      within(first)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
      // One money format (beyond the spec, #45.7: the spec showed the stored number raw).
    ).toEqual(['Smart Website€899.00', 'Custom GPTs€300.50']);
    expect(first).toHaveTextContent('Discount code: ADA7QX2PL');
    expect(first).toHaveTextContent('Status: Paid (since March 12, 2025)');

    expect(second).toHaveAccessibleName('Order #ffee0011');
    expect(second).toHaveTextContent('January 15, 2025');
    expect(second).toHaveTextContent('€899.00');
    expect(second).not.toHaveTextContent('Saved');
    expect(second).not.toHaveTextContent('Discount code');
    expect(second).toHaveTextContent('Status: Awaiting payment (since January 15, 2025)');
    expect(
      within(second)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Smart Website€899.00']);
  });

  it('links each order’s invoice, and its credit note once it was cancelled', async () => {
    answer({
      orders: () => json([{ ...recent, status: 'cancelled' }, older]),
      order_items: () => json(orderItems),
      invoices: () =>
        json([
          { order_id: recent.id, kind: 'invoice', number: '2025-0007' },
          { order_id: recent.id, kind: 'credit_note', number: 'CN-2025-0001' },
          { order_id: older.id, kind: 'invoice', number: '2025-0001' },
        ]),
      meetings: () => json([]),
    });
    renderWithProviders(<AccountPage />, { route: '/account' });
    const [first, second] = (await within(await openTab('Orders')).findAllByRole('article')) as [
      HTMLElement,
      HTMLElement,
    ];
    expect(first).toHaveTextContent('Status: Cancelled (since March 12, 2025)');
    expect(within(first).getByRole('link', { name: '2025-0007' })).toHaveAttribute(
      'href',
      '/account/invoice?number=2025-0007',
    );
    expect(first).toHaveTextContent('Invoice: 2025-0007');
    expect(first).toHaveTextContent('Credit note: CN-2025-0001');
    expect(
      within(second)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['2025-0001']);
  });

  it('shows a card per meeting with the spec formats', async () => {
    answer({ orders: () => json([]), meetings: () => json(meetings) });
    renderWithProviders(<AccountPage />, { route: '/account' });
    const panel = await openTab('Meetings');
    const [scheduled, pending] = (await within(panel).findAllByRole('article')) as [HTMLElement, HTMLElement];

    expect(scheduled).toHaveAccessibleName('AI Strategy Call');
    expect(scheduled).toHaveTextContent(/March 20, 2025 at \d{1,2}:30/);
    expect(scheduled).toHaveTextContent('Status: Scheduled');
    expect(scheduled).toHaveTextContent('Notes: Bring the current site analytics');

    expect(pending).toHaveAccessibleName('Follow-up Call');
    expect(pending).toHaveTextContent('Not scheduled yet');
    expect(pending).toHaveTextContent('Status: Pending');
    expect(pending).not.toHaveTextContent('Notes:');
  });

  it('shows the loading texts as the status of skeletons in the shape of the cards', async () => {
    answer({ orders: forever, meetings: forever });
    renderWithProviders(<AccountPage />, { route: '/account' });
    const orders = within(await openTab('Orders')).getByRole('status', { name: 'Loading orders...' });
    expect(orders).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('No orders yet')).not.toBeInTheDocument();
    expect(
      within(await openTab('Meetings')).getByRole('status', { name: 'Loading meetings...' }),
    ).toBeInTheDocument();
  });

  it('says in words a person understands that a list could not be loaded, never that it is empty', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    answer({
      orders: () => Promise.reject(new TypeError('Failed to fetch')),
      meetings: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    renderWithProviders(<AccountPage />, { route: '/account' });

    // One toast for both failed lists, the spec's destructive 'Error' with the words, not the TypeError.
    const toast = await findToast(ERROR_MESSAGES.network);
    expect(within(toast).getByText('Error')).toBeInTheDocument();
    const ordersPanel = await openTab('Orders');
    expect(ordersPanel).toHaveTextContent('Your orders could not be loaded.');
    expect(ordersPanel).not.toHaveTextContent('No orders yet');
    const meetingsPanel = await openTab('Meetings');
    expect(meetingsPanel).toHaveTextContent('Your meetings could not be loaded.');
    expect(meetingsPanel).not.toHaveTextContent('No meetings booked yet');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(document.body).not.toHaveTextContent(/TypeError|Failed to fetch/);
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it('loads the list again on Retry, keeping focus in the tab', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    answer({
      orders: () => (fail ? Promise.reject(new TypeError('Failed to fetch')) : json(orders)),
      order_items: () => json(orderItems),
      meetings: () => json([]),
    });
    renderWithProviders(<AccountPage />, { route: '/account' });
    const panel = await openTab('Orders');
    const retry = await within(panel).findByRole('button', { name: 'Retry' });
    fail = false;
    await userEvent.click(retry);
    expect(await within(panel).findAllByRole('article')).toHaveLength(2);
    expect(panel).toHaveFocus();
    jest.restoreAllMocks();
  });

  it('hides SQL and database detail, and offers to sign in again when the session has expired', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    answer({
      orders: () =>
        json(
          { code: '42P01', message: 'relation "order_items" does not exist', details: null, hint: null },
          404,
        ),
      meetings: () => json({ code: 'PGRST303', message: 'JWT expired', details: null, hint: null }, 401),
    });
    renderWithProviders(<AccountPage />, { route: '/account' });
    const ordersPanel = await openTab('Orders');
    expect(await within(ordersPanel).findByText(ERROR_MESSAGES.server)).toBeInTheDocument();
    const meetingsPanel = await openTab('Meetings');
    expect(await within(meetingsPanel).findByText(ERROR_MESSAGES.session)).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/relation|order_items|JWT/);
    await userEvent.click(within(meetingsPanel).getByRole('link', { name: 'Sign in again' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/auth');
    jest.restoreAllMocks();
  });
});
