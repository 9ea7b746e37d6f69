// Orders as the staff functions return them, for the desks' component tests.
import { ApiError } from 'shared-lib';
import type { StaffOrder, StaffOrderRow } from '../features/orders/api/types';

export const row = (n: number, patch: Partial<StaffOrderRow> = {}): StaffOrderRow => ({
  id: `${String(n).padStart(8, '0')}-0000-4000-8000-000000000000`,
  order_number: `#${String(n).padStart(8, '0')}`,
  created_at: `2026-11-${String(10 + (n % 18)).padStart(2, '0')}T10:00:00Z`,
  status: 'awaiting_payment',
  status_changed_at: '2026-11-20T10:00:00Z',
  total_cents: 89_900,
  customer_email: `customer${n}@example.com`,
  customer_name: `Customer ${n}`,
  invoice_number: `2026-${String(n).padStart(4, '0')}`,
  credit_note_number: null,
  ...patch,
});

export const order = (patch: Partial<StaffOrder> = {}): StaffOrder => ({
  id: '1a2b3c4d-0000-4000-8000-000000000000',
  order_number: '#1a2b3c4d',
  created_at: '2026-11-20T10:00:00Z',
  status: 'awaiting_payment',
  status_changed_at: '2026-11-20T10:00:00Z',
  total_cents: 161_820,
  discount_cents: 0,
  discount_code: null,
  paid_on: null,
  payment_reference: null,
  customer: { id: 'c0ffee00-0000-4000-8000-000000000000', email: 'ada@example.com' },
  billing: {
    name: 'Ada Lovelace',
    company: 'Analytical Engines Ltd',
    address: '12 Byron Street',
    postal_code: '10115',
    city: 'Berlin',
    country: 'DE',
    vat_number: null,
  } as StaffOrder['billing'],
  items: [
    { service_id: 'ai-chatbot', title: 'AI Chatbot', price_cents: 89_900 },
    { service_id: 'seo', title: 'SEO Audit', price_cents: 71_920 },
  ],
  invoice: { number: '2026-0007', issued_on: '2026-11-20', due_on: '2026-12-04', total_cents: 161_820 },
  credit_note: null,
  history: [],
  ...patch,
});

/** What callSupabase throws when the browser is offline. */
export const networkDown = () => ApiError.from(new TypeError('Failed to fetch'));

/** What staff_move_order answers when another staff member moved the order on first. */
export const orderChanged = (now: string) =>
  new ApiError({
    code: 'order_changed',
    status: 409,
    details: now,
    message: `Someone else changed this order meanwhile: it is now ${now}.`,
  });
