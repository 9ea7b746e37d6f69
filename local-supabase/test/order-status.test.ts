// An order's status over real HTTP with supabase-js, on both engines: a new order awaits its payment; only the
// agency (service role) moves it on, one step at a time or to cancelled; each change is dated; the customer sees
// it and can change nothing.
import type { SupabaseClient } from '@supabase/supabase-js';
import { KINDS, sharedBackend, type Backend } from './harness';

jest.setTimeout(90_000);

/** Places an order of Smart Website (€899) as a new customer, through the checkout's call. */
async function newOrder(backend: Backend): Promise<{ client: SupabaseClient; orderId: string }> {
  const { client } = await backend.newUser('status');
  const { data, error } = await client.rpc('place_order', {
    items: [{ service_id: 'smart-website' }],
    expected_total: 89900,
    discount_code: null,
  });
  if (error) throw new Error(error.message);
  return { client, orderId: data as string };
}

describe.each(KINDS)('order status on %s', (kind) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await sharedBackend(kind);
  });
  afterAll(() => backend.stop());

  const setStatus = (orderId: string, status: string) =>
    backend.service().from('orders').update({ status }).eq('id', orderId).select('status, status_changed_at');

  it('starts as awaiting payment, and the agency moves it on to delivered, dating each change', async () => {
    const { client, orderId } = await newOrder(backend);
    const placed = await client.from('orders').select('status, status_changed_at, created_at').single();
    expect(placed.data).toMatchObject({ status: 'awaiting_payment' });
    expect(placed.data!.status_changed_at).toBe(placed.data!.created_at);

    let previous = placed.data!.status_changed_at;
    for (const status of ['paid', 'in_progress', 'delivered']) {
      const { data, error } = await setStatus(orderId, status);
      expect(error).toBeNull();
      expect(data).toEqual([{ status, status_changed_at: expect.any(String) }]);
      expect(Date.parse(data![0]!.status_changed_at)).toBeGreaterThan(Date.parse(previous));
      previous = data![0]!.status_changed_at;
    }
    // The customer sees where it stands.
    expect((await client.from('orders').select('status').single()).data).toEqual({ status: 'delivered' });
    // Setting the same status again changes nothing, not even the date.
    expect((await setStatus(orderId, 'delivered')).data).toEqual([
      { status: 'delivered', status_changed_at: previous },
    ]);
  });

  it('refuses any other move, whoever asks, and a forged date', async () => {
    const { orderId } = await newOrder(backend);
    const skipped = await setStatus(orderId, 'delivered');
    expect(skipped.status).toBe(400);
    expect(skipped.error).toMatchObject({
      code: '23514',
      message: 'An order cannot go from awaiting_payment to delivered',
    });
    expect((await setStatus(orderId, 'shipped')).error).toMatchObject({ code: '23514' });
    await setStatus(orderId, 'paid');
    expect((await setStatus(orderId, 'awaiting_payment')).error).toMatchObject({ code: '23514' });
    await setStatus(orderId, 'cancelled');
    expect((await setStatus(orderId, 'paid')).error).toMatchObject({
      message: 'An order cannot go from cancelled to paid',
    });

    const before = await backend
      .service()
      .from('orders')
      .select('status_changed_at')
      .eq('id', orderId)
      .single();
    const forged = await backend
      .service()
      .from('orders')
      .update({ status_changed_at: '2020-01-01T00:00:00Z' })
      .eq('id', orderId)
      .select('status_changed_at')
      .single();
    expect(forged.data).toEqual(before.data);
  });

  it('is changed by no customer: their own order is read-only to them', async () => {
    const { client, orderId } = await newOrder(backend);
    const paid = await client.from('orders').update({ status: 'paid' }).eq('id', orderId).select();
    expect(paid.error).toMatchObject({ code: '42501' });
    const anonymous = await backend.anon().from('orders').update({ status: 'paid' }).eq('id', orderId);
    expect(anonymous.error).toMatchObject({ code: '42501' });
    expect((await client.from('orders').select('status').single()).data).toEqual({
      status: 'awaiting_payment',
    });
  });
});
