// The purchase toast's one source, over real HTTP with supabase-js on both engines: recent orders whose customers
// agreed to be shown, as service, city and age only; nothing else, and nothing at all when nobody agreed.
import { KINDS, sharedBackend, type Backend } from './harness';

jest.setTimeout(90_000);

describe.each(KINDS)('recent purchases on %s', (kind) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await sharedBackend(kind);
    // The files before this one on the shared backend placed orders, some of them shown: none is, to start.
    const { error } = await backend
      .service()
      .from('orders')
      .update({ show_in_recent_purchases: false })
      .eq('show_in_recent_purchases', true);
    expect(error).toBeNull();
  });
  afterAll(() => backend.stop());

  /** An order of `ids` by a new customer from `city`, shown or not, as place_order records one. */
  async function order(ids: string[], total: number, city: string, shown: boolean) {
    const { client } = await backend.newUser('proof');
    const { data, error } = await client.rpc('place_order', {
      items: ids.map((service_id) => ({ service_id })),
      expected_total: total,
      discount_code: null,
    });
    if (error) throw new Error(error.message);
    const billing = { name: 'Ada Lovelace', address: 'Example Street 12', city, country: 'DE' };
    const updated = await backend
      .service()
      .from('orders')
      .update({ billing, show_in_recent_purchases: shown })
      .eq('id', data as string);
    if (updated.error) throw new Error(updated.error.message);
    return data as string;
  }

  it('tells nothing while no customer agreed, then only the service, the city and the age of those who did', async () => {
    await order(['smart-website'], 89900, 'Hamburg', false);
    expect(await backend.anon().rpc('recent_purchases')).toMatchObject({ data: [], error: null });

    await order(['chat-helper', 'smart-emails'], 104800, 'Vienna', true);
    const cancelled = await order(['content-maker'], 39900, 'Lyon', true);
    await backend.service().from('orders').update({ status: 'cancelled' }).eq('id', cancelled);
    await order(['brand-creator'], 44900, 'Milan', true);

    const { data, error } = await backend.anon().rpc('recent_purchases');
    expect(error).toBeNull();
    expect(data).toEqual([
      { service: 'Brand Creator', city: 'Milan', age_minutes: 0 },
      { service: 'Chat Helper', city: 'Vienna', age_minutes: 0 },
    ]);
    const signedIn = await backend.newUser('reader');
    expect((await signedIn.client.rpc('recent_purchases')).data).toEqual(data);
  });
});
