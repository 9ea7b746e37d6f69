import { callSupabase, type CartItem, type CartQuote } from 'shared-lib';

/** The cart as the server reads it: its services in order (it prices them from its own catalogue). */
export const cartLines = (items: readonly Pick<CartItem, 'id'>[]) =>
  items.map((item) => ({ service_id: item.id }));

/** What an order of these items with this code would cost, priced by the server, and where the code stands. */
export const quoteCart = (
  items: readonly Pick<CartItem, 'id'>[],
  discountCode: string | null,
  signal?: AbortSignal,
): Promise<CartQuote> =>
  callSupabase((supabase) => {
    const quote = supabase.rpc('quote_cart', { items: cartLines(items), discount_code: discountCode });
    return signal ? quote.abortSignal(signal) : quote;
  });
