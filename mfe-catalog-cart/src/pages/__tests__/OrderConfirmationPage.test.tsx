import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { company, ERROR_MESSAGES, useSessionStore, type InvoiceRow, type OrderRow } from 'shared-lib';
import {
  createTestSupabase,
  definitionOf,
  json,
  renderSuspended,
  resetStores,
  type FetchHandler,
} from 'shared-lib/src/testing';
import OrderConfirmationPage from '../OrderConfirmationPage';

const ORDER_ID = '9b1c2d3e-0000-4000-8000-000000000001';
const billing = {
  name: 'Ada Lovelace',
  company: null,
  address: 'Example Street 12',
  postal_code: '10115',
  city: 'Berlin',
  country: 'DE',
  vat_number: null,
};
const order: OrderRow = {
  id: ORDER_ID,
  user_id: 'u1',
  created_at: '2026-11-28T10:00:00Z',
  total_amount: 175230,
  discount_amount: 19470,
  discount_code: null,
  status: 'awaiting_payment',
  status_changed_at: '2026-11-28T10:00:00Z',
  paid_on: null,
  payment_reference: null,
  billing,
  show_in_recent_purchases: false,
};
const item = (id: string, title: string, price: number, sort: number) => ({
  id,
  order_id: ORDER_ID,
  service_id: null,
  service_title: title,
  service_price: price,
  sort_order: sort,
  created_at: order.created_at,
});
const items = [
  item('i1', 'Smart Website', 899, 0),
  item('i2', 'Chat Helper', 699, 1),
  item('i3', 'Smart Emails', 349, 2),
];
const invoice: InvoiceRow = {
  id: 'inv1',
  kind: 'invoice',
  number: '2026-0042',
  year: 2026,
  sequence: 42,
  order_id: ORDER_ID,
  corrects_id: null,
  issued_on: '2026-11-28',
  due_on: '2026-12-12',
  seller: company,
  buyer: { ...billing, email: 'ada@example.com' },
  lines: [],
  subtotal_cents: 194700,
  discount_percent: 10,
  discount_cents: 19470,
  total_cents: 175230,
  vat_rate_percent: 19,
  vat_cents: 27978,
  created_at: order.created_at,
  service_from: '2026-11-28',
  service_to: '2026-12-12',
};

function backend(tables: Record<string, unknown[]>): URL[] {
  const asked: URL[] = [];
  const handler: FetchHandler = (url) => {
    asked.push(url);
    return json(tables[url.pathname.replace('/rest/v1/', '')] ?? []);
  };
  createTestSupabase(handler);
  return asked;
}

beforeEach(() =>
  useSessionStore.getState().setSession({ user: { id: 'u1', email: 'ada@example.com' }, accessToken: 't' }),
);
afterEach(resetStores);

const route = `/checkout/confirmation?order=${ORDER_ID}`;

describe('OrderConfirmationPage', () => {
  it('confirms the order: number, lines, discount, total, billing details and what happens next', async () => {
    const asked = backend({ orders: [order], order_items: items, invoices: [invoice] });
    await renderSuspended(<OrderConfirmationPage />, { route });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you for your order' }),
    ).toBeInTheDocument();
    expect(asked[0]!.searchParams.get('id')).toBe(`eq.${ORDER_ID}`);
    expect(screen.getByText(/Order #9b1c2d3e, placed on November 28, 2026/)).toHaveTextContent(
      'Status: Awaiting payment.',
    );

    const summary = screen.getByRole('region', { name: 'Order #9b1c2d3e' });
    expect(
      within(summary)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Smart Website€899.00', 'Chat Helper€699.00', 'Smart Emails€349.00']);
    expect(definitionOf(summary, 'Subtotal')).toHaveTextContent('€1,947.00');
    expect(definitionOf(summary, 'Discount (10%)')).toHaveTextContent('-€194.70');
    expect(definitionOf(summary, 'Total')).toHaveTextContent('€1,752.30');
    expect(definitionOf(summary, 'Includes VAT (19%)')).toHaveTextContent('€279.78');
    expect(summary).toHaveTextContent(
      'Billing detailsAda LovelaceExample Street 1210115 BerlinGermanyada@example.com',
    );

    const next = screen.getByRole('region', { name: 'What happens next' });
    expect(next).toHaveTextContent('We have e-mailed your invoice 2026-0042 to ada@example.com.');
    expect(within(next).getByRole('link', { name: 'View your invoice' })).toHaveAttribute(
      'href',
      '/account/invoice?number=2026-0042',
    );
    // The order e-mail's words about paying (#45.1).
    expect(next).toHaveTextContent(
      'Please pay €1,752.30 by bank transfer by December 12, 2026, with the invoice number 2026-0042 as the payment reference, to:',
    );
    expect(next).toHaveTextContent('Work starts once your payment arrives; results in 7-14 days.');
    // The demo company's example account is marked as such (issue #45.4).
    expect(definitionOf(next, 'IBAN')).toHaveTextContent('DE89 3704 0044 0532 0130 00 (demo)');
    expect(next).toHaveTextContent(
      'Demo shop: these are example bank details. Do not transfer money to them.',
    );
    expect(definitionOf(next, 'Reference')).toHaveTextContent('2026-0042');
    expect(within(next).getByRole('link', { name: 'Book your kick-off call' })).toHaveAttribute(
      'href',
      '/contact',
    );
    expect(document.body).not.toHaveTextContent(/Stripe|payment provider|integrate/i);
  });

  it('says so for an order that is not the customer’s', async () => {
    backend({ orders: [] });
    await renderSuspended(<OrderConfirmationPage />, { route });
    expect(
      await screen.findByText(
        'There is no such order in your account. Your orders are listed under My Account.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your orders' })).toHaveAttribute('href', '/account?tab=orders');
  });

  it('says in words a person understands when the details cannot be loaded, and loads them on Retry', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    createTestSupabase(() => Promise.reject(new TypeError('Failed to fetch')));
    await renderSuspended(<OrderConfirmationPage />, { route });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `Your order is placed, but its details could not be loaded. ${ERROR_MESSAGES.network}`,
    );
    backend({ orders: [order], order_items: items, invoices: [invoice] });
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Thank you for your order' })).toBeInTheDocument();
    jest.restoreAllMocks();
  });
});
