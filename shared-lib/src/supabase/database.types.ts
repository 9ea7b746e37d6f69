// Types of the tables and functions in supabase/migrations, in the shape `supabase gen types` produces.
// Keep in step with the migrations.

type Table<Row, Insert> = { Row: Row; Insert: Insert; Update: Partial<Insert>; Relationships: [] };

export type CartItemRow = {
  id: string;
  user_id: string;
  email: string | null;
  service_id: string;
  service_title: string;
  service_price: number;
  checked_out: boolean;
  /** The item's place in the cart as the customer built it (replace_cart writes it). */
  sort_order: number;
  created_at: string;
};

export type OrderRow = {
  id: string;
  user_id: string;
  created_at: string;
  total_amount: number;
  discount_amount: number;
  discount_code: string | null;
  status: string;
};

export type OrderItemRow = {
  id: string;
  order_id: string;
  service_id: string | null;
  service_title: string;
  service_price: number;
  created_at: string;
};

export type MeetingRow = {
  id: string;
  user_id: string;
  created_at: string;
  meeting_type: string;
  scheduled_at: string | null;
  status: string;
  notes: string | null;
};

export type Database = {
  public: {
    Tables: {
      cart_items: Table<
        CartItemRow,
        Pick<CartItemRow, 'user_id' | 'service_id' | 'service_title' | 'service_price'> &
          Partial<Pick<CartItemRow, 'email' | 'checked_out' | 'sort_order'>>
      >;
      newsletter_subscribers: Table<
        { id: string; name: string; email: string; discount_code: string; created_at: string },
        { name: string; email: string; discount_code: string }
      >;
      orders: Table<OrderRow, never>;
      order_items: Table<OrderItemRow, never>;
      meetings: Table<MeetingRow, never>;
      services: Table<
        { id: string; title: string; price: number; category: 'full' | 'workshops'; sort_order: number },
        never
      >;
      contact_messages: Table<
        { id: string; name: string; email: string; message: string; created_at: string },
        { name: string; email: string; message: string }
      >;
      project_requests: Table<
        {
          id: string;
          name: string;
          email: string;
          company: string | null;
          project_type: string;
          budget: string;
          timeline: string;
          description: string;
          created_at: string;
        },
        {
          name: string;
          email: string;
          company?: string | null;
          project_type: string;
          budget: string;
          timeline: string;
          description: string;
        }
      >;
    };
    Views: Record<never, never>;
    Functions: {
      validate_discount_code: { Args: { code: string }; Returns: boolean };
      replace_cart: {
        Args: { items: { service_id: string; service_title: string; service_price: number }[] };
        Returns: undefined;
      };
      place_order: { Args: { discount_code: string | null }; Returns: string };
    };
    Enums: Record<never, never>;
    CompositeTypes: Record<never, never>;
  };
};
