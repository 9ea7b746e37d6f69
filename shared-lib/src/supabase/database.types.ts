// The database's types as the app uses them: database.generated.ts (`npm run db:generate` writes it from
// supabase/migrations), refined only where the app may rely on more than the generated types say:
// - a CHECK constraint's values as a union (services.category);
// - what the API lets a client write: no Insert for tables only the database fills (the grants allow SELECT
//   only), and no id or created_at in an Insert (their defaults fill them);
// - an RPC's jsonb argument as the array shape the function reads, and its nullable default as `| null`.
// Every other table, column and function (a new migration's too) comes from the generated file unchanged.
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

export type CartItemRow = Gen<'cart_items'>['Row'];
export type OrderRow = Gen<'orders'>['Row'];
export type OrderItemRow = Gen<'order_items'>['Row'];
export type MeetingRow = Gen<'meetings'>['Row'];
type ServiceRow = Merge<Gen<'services'>['Row'], { category: 'full' | 'workshops' }>;

type Tables = Merge<
  Schema['Tables'],
  {
    cart_items: ClientWritten<'cart_items'>;
    newsletter_subscribers: ClientWritten<'newsletter_subscribers'>;
    contact_messages: ClientWritten<'contact_messages'>;
    project_requests: ClientWritten<'project_requests'>;
    orders: DatabaseWritten<'orders'>;
    order_items: DatabaseWritten<'order_items'>;
    meetings: DatabaseWritten<'meetings'>;
    services: DatabaseWritten<'services', ServiceRow>;
  }
>;

type Functions = Merge<
  Schema['Functions'],
  {
    replace_cart: Merge<
      Schema['Functions']['replace_cart'],
      { Args: { items: { service_id: string; service_title: string; service_price: number }[] } }
    >;
    place_order: Merge<Schema['Functions']['place_order'], { Args: { discount_code: string | null } }>;
  }
>;

export type Database = Merge<Generated, { public: Merge<Schema, { Tables: Tables; Functions: Functions }> }>;
