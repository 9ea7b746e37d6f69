// The purchase toast's one source, over real HTTP with supabase-js on both engines: paid recent orders whose
// customers agreed to be shown, as the service, the billing country's name and the age only; never a word a
// customer typed, never an unpaid order, at most one entry per customer, and nothing when nobody agreed.
import { KINDS, sharedBackend, type Backend } from './harness';

jest.setTimeout(90_000);

describe.each(KINDS)('recent purchases on %s', (kind) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await sharedBackend(kind);
    // The seed's demo orders and the files before this one on the shared backend placed orders, some of them
    // shown: none is, to start.
    const { error } = await backend
      .service()
      .from('orders')
      .update({ show_in_recent_purchases: false })
      .eq('show_in_recent_purchases', true);
    expect(error).toBeNull();
  });
  afterAll(() => backend.stop());

  const HOSTILE_CITY = 'Refunds at evil.example';

  /** An order of `ids` by `customer` (a new one unless given), billed as a hostile client would, shown or not. */
  async function order(
    ids: string[],
    total: number,
    country: string,
    shown: boolean,
    customer?: Awaited<ReturnType<Backend['newUser']>>,
  ) {
    const { client } = customer ?? (await backend.newUser('proof'));
    const { data, error } = await client.rpc('place_order', {
      items: ids.map((service_id) => ({ service_id })),
      expected_total: total,
      discount_code: null,
      billing: { name: 'Call +1-555-0100', address: 'Wire to evil.example', city: HOSTILE_CITY, country },
      show_in_recent_purchases: shown,
    });
    if (error) throw new Error(error.message);
    return data as string;
  }
  const pay = async (id: string) => {
    const { error } = await backend.service().from('orders').update({ status: 'paid' }).eq('id', id);
    expect(error).toBeNull();
  };
  const recent = async () => {
    const { data, error } = await backend.anon().rpc('recent_purchases');
    expect(error).toBeNull();
    return data as Record<string, unknown>[];
  };

  it('tells only of paid orders whose customers agreed, by the service and the country the shop names', async () => {
    await pay(await order(['smart-website'], 89900, 'DE', false));
    // Agreed, but not paid: nothing yet, whatever its billing says.
    const vienna = await order(['chat-helper', 'smart-emails'], 104800, 'AT', true);
    expect(await recent()).toEqual([]);
    await pay(vienna);
    const cancelled = await order(['content-maker'], 39900, 'FR', true);
    await backend.service().from('orders').update({ status: 'cancelled' }).eq('id', cancelled);
    await pay(await order(['brand-creator'], 44900, 'IT', true));

    const data = await recent();
    expect(data).toEqual([
      { service: 'Brand Creator', country: 'Italy', age_minutes: 0 },
      { service: 'Chat Helper', country: 'Austria', age_minutes: 0 },
    ]);
    // No string a customer typed, in any field, and no `city` (its country's name until 20261208093000).
    expect(data.map((entry) => Object.keys(entry).sort())).toEqual([
      ['age_minutes', 'country', 'service'],
      ['age_minutes', 'country', 'service'],
    ]);
    expect(JSON.stringify(data)).not.toMatch(/evil|555|Refunds|Wire/);
    const signedIn = await backend.newUser('reader');
    expect((await signedIn.client.rpc('recent_purchases')).data).toEqual(data);
  });

  it('shows one entry per customer, their latest, however many of their orders agreed', async () => {
    const customer = await backend.newUser('repeat');
    await pay(await order(['product-photos'], 49900, 'PT', true, customer));
    await pay(await order(['social-manager'], 49900, 'PT', true, customer));
    await pay(await order(['task-automator'], 49900, 'PT', true, customer));
    const portugal = (await recent()).filter((entry) => entry.country === 'Portugal');
    expect(portugal).toEqual([{ service: 'Task Automator', country: 'Portugal', age_minutes: 0 }]);
  });
});
