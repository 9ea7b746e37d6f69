import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, resetStores } from 'shared-lib/src/testing';
import { fetchOrders, type OrdersQuery } from '../../features/orders/api/fetch-orders';
import { networkDown, row } from '../../testing/orders';
import OrdersPage from '../OrdersPage';

jest.mock('../../features/orders/api/fetch-orders', () => ({
  ...jest.requireActual('../../features/orders/api/fetch-orders'),
  fetchOrders: jest.fn(),
}));
const fetchOrdersMock = jest.mocked(fetchOrders);

afterEach(() => {
  resetStores();
  fetchOrdersMock.mockReset();
});

const lastQuery = (): OrdersQuery => fetchOrdersMock.mock.calls.at(-1)![0];

/** The table's rows as the order number and the status a person reads. */
const rowsShown = () =>
  within(screen.getByRole('table', { name: /orders/i }))
    .getAllByRole('row')
    .slice(1)
    .map((tr) => [
      within(tr).getByRole('rowheader').textContent,
      within(tr).getAllByRole('cell')[2]!.textContent,
    ]);

describe('the orders desk', () => {
  it('lists the orders the database gives, newest first, each linking to its page', async () => {
    fetchOrdersMock.mockResolvedValue({
      orders: [row(2, { status: 'paid' }), row(1, { credit_note_number: '2026-0009', status: 'cancelled' })],
      total: 2,
    });
    renderWithProviders(<OrdersPage />, { route: '/admin/orders' });
    const table = await screen.findByRole('table', { name: 'Orders, newest first' });
    expect(rowsShown()).toEqual([
      ['#00000002', 'Paid'],
      ['#00000001', 'Cancelled'],
    ]);
    expect(within(table).getByRole('link', { name: '#00000002' })).toHaveAttribute(
      'href',
      `/admin/order?id=${row(2).id}`,
    );
    expect(table).toHaveTextContent('2026-0001Credit note 2026-0009');
    expect(within(table).getAllByText('€899.00')).toHaveLength(2);
    expect(lastQuery()).toEqual({ status: '', search: '', page: 1 });
    // No pager for a single page.
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
  });

  it('filters by status and keeps the filter in the address', async () => {
    fetchOrdersMock.mockResolvedValue({ orders: [row(1)], total: 1 });
    renderWithProviders(<OrdersPage />, { route: '/admin/orders' });
    await screen.findByRole('table');
    fetchOrdersMock.mockResolvedValue({ orders: [row(3, { status: 'in_progress' })], total: 1 });
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'In progress');
    await waitFor(() => expect(rowsShown()).toEqual([['#00000003', 'In progress']]));
    expect(lastQuery()).toEqual({ status: 'in_progress', search: '', page: 1 });
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/orders?status=in_progress');
  });

  it('searches by what is typed and says when nothing matches', async () => {
    fetchOrdersMock.mockResolvedValue({ orders: [row(1)], total: 1 });
    renderWithProviders(<OrdersPage />, { route: '/admin/orders?status=paid' });
    await screen.findByRole('table');
    fetchOrdersMock.mockResolvedValue({ orders: [], total: 0 });
    const search = within(screen.getByRole('search', { name: 'Orders' }));
    await userEvent.type(
      search.getByLabelText('Order number, customer e-mail or invoice number'),
      ' 2026-0042 ',
    );
    await userEvent.click(search.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No orders match.')).toBeInTheDocument();
    expect(lastQuery()).toEqual({ status: 'paid', search: '2026-0042', page: 1 });
  });

  it('pages through the list with Next and Previous', async () => {
    fetchOrdersMock.mockImplementation(async ({ page }) => ({
      orders: [row(page === 1 ? 45 : 25)],
      total: 45,
    }));
    renderWithProviders(<OrdersPage />, { route: '/admin/orders' });
    const pages = await screen.findByRole('navigation', { name: 'Pages' });
    expect(pages).toHaveTextContent('Page 1 of 3');
    expect(within(pages).queryByRole('link', { name: 'Previous page' })).not.toBeInTheDocument();
    await userEvent.click(within(pages).getByRole('link', { name: 'Next page' }));
    await waitFor(() => expect(rowsShown()).toEqual([['#00000025', 'Awaiting payment']]));
    expect(lastQuery().page).toBe(2);
    expect(screen.getByRole('navigation', { name: 'Pages' })).toHaveTextContent('Page 2 of 3');
    expect(screen.getByRole('link', { name: 'Previous page' })).toBeInTheDocument();
  });

  it('says so in words when the network is down, and Retry loads the list', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchOrdersMock.mockRejectedValueOnce(networkDown());
    renderWithProviders(<OrdersPage />, { route: '/admin/orders' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("The orders could not be loaded. We couldn't reach our server.");
    fetchOrdersMock.mockResolvedValue({ orders: [row(1)], total: 1 });
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });
});
