// The orders desk's shapes are the staff functions' answers as shared-lib's database types give them (one source:
// a change of shape in the database's types fails tsc here).
import type { Database } from 'shared-lib';

type Functions = Database['public']['Functions'];

/** One row of the orders desk's list (staff_orders), without the count of all matches each row carries. */
export type StaffOrderRow = Omit<Functions['staff_orders']['Returns'][number], 'total_count'>;

export interface OrdersPage {
  orders: StaffOrderRow[];
  /** How many orders match the filter and search, over all pages. */
  total: number;
}

/** An order as staff see it (staff_order, and what every action returns). */
export type StaffOrder = Functions['staff_order']['Returns'];

/** What each action needs to say which status the staff member saw (the database refuses it if it moved on). */
export interface OrderMove {
  orderId: string;
  expectedStatus: string;
  note?: string;
}
