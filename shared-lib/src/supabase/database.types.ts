// The database's types as the app uses them: database.generated.ts (`npm run db:generate` writes it from
// supabase/migrations), refined only where the app may rely on more than the generated types say:
// - a CHECK constraint's values as a union (services.category, orders.status);
// - what the API lets a client write: no Insert for tables only the database fills (the grants allow SELECT
//   only), and no id or created_at in an Insert (their defaults fill them);
// - an RPC's jsonb argument as the array shape the function reads, and its nullable default as `| null`;
// - a function's OUT parameters as the object it returns (quote_cart);
// - what a function that returns json answers on success (book_discovery_call, subscribe_newsletter, place_order:
//   a JSON string; resend_newsletter_code: null); they return json only so that a refusal can commit (see
//   private.refusal), and a refusal is an error.
// - what the back office's staff functions that return json answer (staff_order, staff_dashboard, ...), and
//   which columns of staff_orders' rows may be null.
// Every other table, column and function (a new migration's too) comes from the generated file unchanged.
import type { Company } from '../company/company';
import type { OrderStatus } from '../orders/order-status';
import type { Database as Generated } from './database.generated';

type Schema = Generated['public'];
type TableName = keyof Schema['Tables'];
type Gen<T extends TableName> = Schema['Tables'][T];

/** A's members with B's in their place (optional members stay optional). */
type Merge<A, B> = Simplify<Omit<A, keyof B> & B>;
type Simplify<T> = { [K in keyof T]: T[K] };

/** A generated table with its Row and Insert replaced; Update is a part of Insert (never when Insert is). */
type Refine<T extends TableName, Row, Insert> = Merge<
  Gen<T>,
  { Row: Row; Insert: Insert; Update: Partial<Insert> }
>;
/** A table clients write to: its Insert without the columns their defaults fill. */
type ClientWritten<T extends TableName> = Refine<
  T,
  Gen<T>['Row'],
  Omit<Gen<T>['Insert'], 'id' | 'created_at'>
>;
/** A table only the database writes (clients are granted SELECT on it). */
type DatabaseWritten<T extends TableName, Row = Gen<T>['Row']> = Refine<T, Row, never>;

/** Which call book_discovery_call books: a discovery call, or the AI Strategy Call (#33.6). */
export type CallType = 'discovery' | 'strategy';

/**
 * What a booking's e-mailed link opens (booking_link, confirm_booking, cancel_booking): the call, never who booked
 * it. 'hold': a guest's booking waiting for its confirmation until holdExpiresAt; 'expired': a hold not confirmed
 * in time.
 */
export type BookingLinkView =
  | { state: 'unknown' }
  | {
      state: 'hold' | 'confirmed' | 'expired' | 'cancelled' | 'past';
      meetingType: string;
      /** Which calendar books another such call. */
      callType: CallType;
      startsAt: string;
      endsAt: string;
      timeZone: string;
      holdExpiresAt: string | null;
      /** The booking is the signed-in account's. */
      inYourAccount: boolean;
      /** Signed in (with a sufficient session), and the booking is no account's yet: confirming adds it. */
      canAddToAccount: boolean;
    };

/** A cart as quote_cart and place_order read it: the services in the cart's order (other keys are ignored). */
export interface CartLine {
  service_id: string;
}
/**
 * Where a discount code stands for an order: it lowers the price ('valid'); never issued; already used on an
 * order; the account has already had its one code discount ('account_used'); or the order costs as much without
 * it, its volume discount being as large ('no_benefit'). Only a 'valid' code is applied and used up.
 */
export type DiscountCodeStatus = 'valid' | 'unknown' | 'redeemed' | 'account_used' | 'no_benefit';
/** quote_cart's answer: what an order of the cart would cost, in cents, priced on the server. */
export interface CartQuote {
  item_count: number;
  subtotal_cents: number;
  discount_percent: number;
  discount_cents: number;
  total_cents: number;
  /** null when no code was given; the code counts only when 'valid'. */
  code_status: DiscountCodeStatus | null;
}

export type CartItemRow = Gen<'cart_items'>['Row'];

/** The billing details an order was placed with: a copy of the customer's billing_details row of that moment. */
export type BillingSnapshot = Omit<Gen<'billing_details'>['Row'], 'user_id' | 'updated_at'>;
export type OrderRow = Merge<Gen<'orders'>['Row'], { status: OrderStatus; billing: BillingSnapshot | null }>;

/** A line of an invoice, as the order's item was. */
export interface InvoiceLine {
  title: string;
  priceCents: number;
}
/** An invoice or credit note: what it was issued with, never changed (its seller is the company file's shape). */
export type InvoiceRow = Merge<
  Gen<'invoices'>['Row'],
  {
    kind: 'invoice' | 'credit_note';
    seller: Company;
    buyer: BillingSnapshot & { email: string | null };
    lines: InvoiceLine[];
  }
>;
/** An order's line as the account shows it; its place in the order (sort_order) is for `.order()`, not shown. */
export type OrderItemRow = Omit<Gen<'order_items'>['Row'], 'sort_order'>;
/**
 * A meeting as the account shows it (spec section 3), with its end and its booker's time zone for "Add to
 * calendar" (issue #45.6). A booked call's contact details (contact_name, contact_email), its hold
 * (hold_expires_at, confirmed_at) and when its link cancelled it (cancelled_at) are for the agency; select('*')
 * still returns them.
 */
export type MeetingRow = Omit<
  Gen<'meetings'>['Row'],
  'contact_name' | 'contact_email' | 'hold_expires_at' | 'confirmed_at' | 'cancelled_at'
>;
type ServiceRow = Merge<Gen<'services'>['Row'], { category: 'full' | 'workshops' }>;

// The back office's answers (supabase/schemas/09_back_office.sql, README "The agency's side of an order"): what
// the staff functions that return json give a staff member; anyone else gets 403 `staff_only` or
// `insufficient_aal`.
/**
 * One row of the orders desk's list, each carrying the count of all matches (`total_count`); the customer, their
 * name and the documents may be missing (the function's left joins, which the generated types do not know).
 */
type StaffOrderRow = Merge<
  Schema['Functions']['staff_orders']['Returns'][number],
  {
    status: OrderStatus;
    customer_email: string | null;
    customer_name: string | null;
    invoice_number: string | null;
    credit_note_number: string | null;
  }
>;
/** One order as the orders desk shows it, with its audit trail (`history`, oldest first). */
interface StaffOrder {
  id: string;
  order_number: string;
  created_at: string;
  status: OrderStatus;
  status_changed_at: string;
  total_cents: number;
  discount_cents: number;
  discount_code: string | null;
  paid_on: string | null;
  payment_reference: string | null;
  customer: { id: string; email: string | null };
  billing: BillingSnapshot | null;
  items: { service_id: string | null; title: string; price_cents: number }[];
  invoice: { number: string; issued_on: string; due_on: string; total_cents: number } | null;
  credit_note: { number: string; issued_on: string; total_cents: number } | null;
  history: {
    changed_at: string;
    /** The staff member's e-mail; null for a change made with the service role. */
    changed_by: string | null;
    from_status: OrderStatus;
    to_status: OrderStatus;
    note: string | null;
  }[];
}
interface CountAndSum {
  count: number;
  total_cents: number;
}
/** The start page: what needs doing. */
interface StaffDashboard {
  awaiting_payment: CountAndSum;
  paid_this_month: CountAndSum;
  next_calls: {
    id: string;
    meeting_type: string;
    scheduled_at: string;
    ends_at: string | null;
    status: string;
    name: string | null;
    email: string | null;
  }[];
  unhandled_leads: { contact_messages: number; project_requests: number };
  subscribers: number;
  failed_emails: {
    id: number;
    template: string;
    recipient: string;
    created_at: string;
    attempts: number;
    last_error: string | null;
  }[];
}
/** Contact messages or project requests, newest first, one page. */
interface StaffLeads<Row> {
  total_count: number;
  leads: Row[];
}
/** The calls of a range of days and the blocked-out times in it. */
interface StaffCalendar {
  time_zone: string;
  calls: {
    id: string;
    meeting_type: string;
    scheduled_at: string;
    ends_at: string | null;
    status: string;
    /** A guest's booking not yet confirmed from its link. */
    hold: boolean;
    hold_expires_at: string | null;
    name: string | null;
    email: string | null;
    account_email: string | null;
    notes: string | null;
  }[];
  blockouts: { id: string; starts_at: string; ends_at: string; reason: string | null }[];
}
interface StaffCallChange {
  id: string;
  status: string;
  scheduled_at: string | null;
  confirmed_at: string | null;
  cancelled_at: string | null;
}
interface BookingSettingsView {
  slot_minutes: number;
  weekdays: number[];
  day_start: string;
  day_end: string;
  time_zone: string;
  horizon_days: number;
  min_notice_minutes: number;
  hold_seconds: number;
}
type Returning<F extends keyof Schema['Functions'], R> = Merge<Schema['Functions'][F], { Returns: R }>;

type Tables = Merge<
  Schema['Tables'],
  {
    cart_items: ClientWritten<'cart_items'>;
    // Written by subscribe_newsletter only (it makes the code).
    newsletter_subscribers: DatabaseWritten<'newsletter_subscribers'>;
    contact_messages: ClientWritten<'contact_messages'>;
    project_requests: ClientWritten<'project_requests'>;
    orders: DatabaseWritten<'orders', OrderRow>;
    order_items: DatabaseWritten<'order_items'>;
    meetings: DatabaseWritten<'meetings'>;
    services: DatabaseWritten<'services', ServiceRow>;
    discount_redemptions: DatabaseWritten<'discount_redemptions'>;
    invoices: DatabaseWritten<'invoices', InvoiceRow>;
    // Written by the agency (staff functions, or the service role) only.
    promotions: DatabaseWritten<'promotions'>;
    // Written by the orders' status trigger only; read by staff.
    order_status_changes: DatabaseWritten<'order_status_changes'>;
  }
>;

type Functions = Merge<
  Schema['Functions'],
  {
    replace_cart: Merge<
      Schema['Functions']['replace_cart'],
      { Args: { items: { service_id: string; service_title: string; service_price: number }[] } }
    >;
    place_order: Merge<
      Schema['Functions']['place_order'],
      { Args: { items: CartLine[]; expected_total: number; discount_code: string | null }; Returns: string }
    >;
    book_discovery_call: Merge<Schema['Functions']['book_discovery_call'], { Returns: string }>;
    booking_link: Merge<Schema['Functions']['booking_link'], { Returns: BookingLinkView }>;
    confirm_booking: Merge<Schema['Functions']['confirm_booking'], { Returns: BookingLinkView }>;
    cancel_booking: Merge<Schema['Functions']['cancel_booking'], { Returns: BookingLinkView }>;
    cancel_my_meeting: Merge<Schema['Functions']['cancel_my_meeting'], { Returns: BookingLinkView }>;
    schedule_my_meeting: Merge<Schema['Functions']['schedule_my_meeting'], { Returns: BookingLinkView }>;
    subscribe_newsletter: Merge<Schema['Functions']['subscribe_newsletter'], { Returns: string }>;
    resend_newsletter_code: Merge<Schema['Functions']['resend_newsletter_code'], { Returns: null }>;
    quote_cart: Merge<
      Schema['Functions']['quote_cart'],
      { Args: { items: CartLine[]; discount_code?: string | null }; Returns: CartQuote }
    >;
    staff_orders: Returning<'staff_orders', StaffOrderRow[]>;
    staff_order: Returning<'staff_order', StaffOrder>;
    staff_mark_order_paid: Returning<'staff_mark_order_paid', StaffOrder>;
    staff_start_order_work: Returning<'staff_start_order_work', StaffOrder>;
    staff_mark_order_delivered: Returning<'staff_mark_order_delivered', StaffOrder>;
    staff_cancel_order: Returning<'staff_cancel_order', StaffOrder>;
    staff_dashboard: Returning<'staff_dashboard', StaffDashboard>;
    staff_leads: Returning<
      'staff_leads',
      StaffLeads<Gen<'contact_messages'>['Row']> | StaffLeads<Gen<'project_requests'>['Row']>
    >;
    staff_calendar: Returning<'staff_calendar', StaffCalendar>;
    staff_confirm_call: Returning<'staff_confirm_call', StaffCallChange>;
    staff_complete_call: Returning<'staff_complete_call', StaffCallChange>;
    staff_cancel_call: Returning<'staff_cancel_call', StaffCallChange>;
    staff_booking_settings: Merge<
      Schema['Functions']['staff_booking_settings'],
      { Args: { changes?: Partial<Omit<BookingSettingsView, 'time_zone'>> }; Returns: BookingSettingsView }
    >;
  }
>;

export type Database = Merge<Generated, { public: Merge<Schema, { Tables: Tables; Functions: Functions }> }>;
