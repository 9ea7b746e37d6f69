import type { BillingSnapshot, OrderStatus } from 'shared-lib';

/** One row of the orders desk's list (staff_orders). */
export interface StaffOrderRow {
  id: string;
  order_number: string;
  created_at: string;
  status: string;
  status_changed_at: string;
  total_cents: number;
  customer_email: string;
  customer_name: string | null;
  invoice_number: string | null;
  credit_note_number: string | null;
}

export interface OrdersPage {
  orders: StaffOrderRow[];
  /** How many orders match the filter and search, over all pages. */
  total: number;
}

interface StaffOrderChange {
  changed_at: string;
  changed_by: string | null;
  from_status: string;
  to_status: string;
  note: string | null;
}

/** An order as staff see it (staff_order, and what every action returns). */
export interface StaffOrder {
  id: string;
  order_number: string;
  created_at: string;
  status: OrderStatus | string;
  status_changed_at: string;
  total_cents: number;
  discount_cents: number | null;
  discount_code: string | null;
  paid_on: string | null;
  payment_reference: string | null;
  customer: { id: string; email: string | null };
  billing: BillingSnapshot | null;
  items: { service_id: string | null; title: string; price_cents: number }[];
  invoice: { number: string; issued_on: string; due_on: string; total_cents: number } | null;
  credit_note: { number: string; issued_on: string; total_cents: number } | null;
  history: StaffOrderChange[];
}

/** What each action needs to say which status the staff member saw (the database refuses it if it moved on). */
export interface OrderMove {
  orderId: string;
  expectedStatus: string;
  note?: string;
}
