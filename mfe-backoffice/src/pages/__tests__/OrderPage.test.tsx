import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createTestSupabase, json, renderWithProviders, resetStores } from 'shared-lib/src/testing';
import { localToday } from 'shared-lib/validation/backoffice';
import { fetchOrder } from '../../features/orders/api/fetch-order';
import { markOrderPaid } from '../../features/orders/api/mark-order-paid';
import { cancelOrder } from '../../features/orders/api/move-order';
import { networkDown, order, orderChanged } from '../../testing/orders';
import OrderPage from '../OrderPage';

jest.mock('../../features/orders/api/fetch-order');
jest.mock('../../features/orders/api/mark-order-paid');
jest.mock('../../features/orders/api/move-order');
const fetchOrderMock = jest.mocked(fetchOrder);
const markOrderPaidMock = jest.mocked(markOrderPaid);
const cancelOrderMock = jest.mocked(cancelOrder);

const ORDER = order();
/** ORDER once cancelled, with its credit note. */
const CANCELLED = order({
  status: 'cancelled',
  credit_note: { number: '2026-0008', issued_on: '2026-11-28', total_cents: -161_820 },
});
const route = `/admin/order?id=${ORDER.id}`;

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => {
  resetStores();
  jest.resetAllMocks();
});

const section = (name: string) => screen.getByRole('region', { name });
const history = () =>
  within(screen.getByRole('table', { name: /Status changes/ }))
    .getAllByRole('row')
    .slice(1)
    .map((tr) =>
      within(tr)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    );

describe("an order's page", () => {
  it('shows its items, billing details, invoice and an empty history', async () => {
    fetchOrderMock.mockResolvedValue(ORDER);
    renderWithProviders(<OrderPage />, { route });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #1a2b3c4d' })).toBeInTheDocument();
    expect(fetchOrderMock).toHaveBeenCalledWith(ORDER.id, expect.any(AbortSignal));
    const items = within(screen.getByRole('table', { name: 'Items of #1a2b3c4d' }));
    expect(items.getByRole('rowheader', { name: 'AI Chatbot' })).toBeInTheDocument();
    expect(items.getByText('€719.20')).toBeInTheDocument();
    expect(section('Billing details')).toHaveTextContent('Analytical Engines Ltd');
    expect(section('Invoice and payment')).toHaveTextContent('2026-0007, issued November 20, 2026');
    expect(section('History')).toHaveTextContent('No changes yet.');
    // Awaiting payment: mark paid or cancel, nothing else.
    const actions = within(section('Actions'));
    expect(actions.getAllByRole('button').map((b) => b.textContent)).toEqual(['Mark paid', 'Cancel order']);
  });

  it('marks it paid with the day and the bank reference, then shows it paid with its history', async () => {
    fetchOrderMock.mockResolvedValue(ORDER);
    const paid = order({
      status: 'paid',
      paid_on: '2026-11-27',
      payment_reference: 'SEPA 4711',
      history: [
        {
          changed_at: '2026-11-28T09:30:00Z',
          changed_by: 'staff@example.com',
          from_status: 'awaiting_payment',
          to_status: 'paid',
          note: null,
        },
      ],
    });
    markOrderPaidMock.mockResolvedValue(paid);
    renderWithProviders(<OrderPage />, { route });
    const form = within(await screen.findByRole('form', { name: 'Mark paid' }));
    expect(form.getByLabelText(/Paid on/)).toHaveValue(localToday());
    await userEvent.clear(form.getByLabelText(/Paid on/));
    await userEvent.type(form.getByLabelText(/Paid on/), '2026-11-27');
    await userEvent.type(form.getByLabelText(/Bank reference/), ' SEPA 4711 ');
    await userEvent.click(form.getByRole('button', { name: 'Mark paid' }));
    expect(await screen.findByText('#1a2b3c4d is paid.')).toHaveFocus();
    expect(markOrderPaidMock).toHaveBeenCalledWith({
      orderId: ORDER.id,
      expectedStatus: 'awaiting_payment',
      paidOn: '2026-11-27',
      bankReference: 'SEPA 4711',
      note: '',
    });
    expect(section('Invoice and payment')).toHaveTextContent('SEPA 4711');
    expect(history()).toEqual([[expect.any(String), 'staff@example.com', 'Awaiting payment', 'Paid', '']]);
    const actions = within(section('Actions'));
    expect(actions.getAllByRole('button').map((b) => b.textContent)).toEqual(['Start work', 'Cancel order']);
  });

  it('refuses an empty bank reference and a day in the future without calling the database', async () => {
    fetchOrderMock.mockResolvedValue(ORDER);
    renderWithProviders(<OrderPage />, { route });
    const form = within(await screen.findByRole('form', { name: 'Mark paid' }));
    await userEvent.clear(form.getByLabelText(/Paid on/));
    await userEvent.type(form.getByLabelText(/Paid on/), '2999-01-01');
    await userEvent.click(form.getByRole('button', { name: 'Mark paid' }));
    expect(await form.findByText('The day the payment arrived is today or earlier')).toBeInTheDocument();
    expect(form.getByText('Enter the bank reference')).toBeInTheDocument();
    expect(markOrderPaidMock).not.toHaveBeenCalled();
  });

  it('when someone else acted first, says what changed and shows the order as it now is', async () => {
    fetchOrderMock.mockResolvedValueOnce(ORDER);
    markOrderPaidMock.mockRejectedValue(orderChanged('cancelled'));
    fetchOrderMock.mockResolvedValueOnce(CANCELLED);
    renderWithProviders(<OrderPage />, { route });
    const form = within(await screen.findByRole('form', { name: 'Mark paid' }));
    await userEvent.type(form.getByLabelText(/Bank reference/), 'SEPA 4711');
    await userEvent.click(form.getByRole('button', { name: 'Mark paid' }));
    const notice = await screen.findByText(
      'Someone else changed this order meanwhile: it is now Cancelled.',
      {
        selector: 'p[tabindex="-1"]',
      },
    );
    await waitFor(() => expect(notice).toHaveFocus());
    await waitFor(() => expect(section('Invoice and payment')).toHaveTextContent('2026-0008'));
    expect(fetchOrderMock).toHaveBeenCalledTimes(2);
    expect(within(section('Actions')).queryByRole('button')).not.toBeInTheDocument();
    expect(section('Actions')).toHaveTextContent('A cancelled order has nothing left to do.');
  });

  it('cancels with a note, shows the credit note and has the customer e-mailed now', async () => {
    const requested: string[] = [];
    createTestSupabase((url) => {
      requested.push(url.pathname);
      return json({ sent: 1, failed: 0 });
    });
    fetchOrderMock.mockResolvedValue(order({ status: 'delivered' }));
    cancelOrderMock.mockResolvedValue(CANCELLED);
    renderWithProviders(<OrderPage />, { route });
    const form = within(await screen.findByRole('form', { name: 'Cancel the order' }));
    await userEvent.type(form.getByLabelText('Note (optional)'), 'Refunded after delivery');
    await userEvent.click(form.getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('#1a2b3c4d is cancelled.')).toBeInTheDocument();
    expect(cancelOrderMock).toHaveBeenCalledWith({
      orderId: ORDER.id,
      expectedStatus: 'delivered',
      note: 'Refunded after delivery',
    });
    expect(section('Invoice and payment')).toHaveTextContent(
      '2026-0008, issued November 28, 2026, -€1,618.20',
    );
    // The cancellation e-mail goes now, not at the outbox's next sweep.
    await waitFor(() => expect(requested).toEqual(['/functions/v1/send-emails']));
  });

  it('keeps what was typed and says why when the network is down during an action', async () => {
    fetchOrderMock.mockResolvedValue(ORDER);
    markOrderPaidMock.mockRejectedValue(networkDown());
    renderWithProviders(<OrderPage />, { route });
    const form = within(await screen.findByRole('form', { name: 'Mark paid' }));
    await userEvent.type(form.getByLabelText(/Bank reference/), 'SEPA 4711');
    await userEvent.click(form.getByRole('button', { name: 'Mark paid' }));
    expect(await form.findByText(/We couldn't reach our server/)).toBeInTheDocument();
    expect(form.getByLabelText(/Bank reference/)).toHaveValue('SEPA 4711');
    expect(fetchOrderMock).toHaveBeenCalledTimes(1);
  });

  it('says so when the order cannot be loaded, with Retry', async () => {
    fetchOrderMock.mockRejectedValueOnce(networkDown()).mockResolvedValue(ORDER);
    renderWithProviders(<OrderPage />, { route });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("The order could not be loaded. We couldn't reach our server.");
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #1a2b3c4d' })).toBeInTheDocument();
  });
});
