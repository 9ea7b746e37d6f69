// Billing details over real HTTP with supabase-js on both engines: a customer keeps one row of their own, which
// nobody else reads or writes, and the database refuses what the billing form refuses (shared-lib's billingSchema),
// with the same lists of countries and VAT number forms (compared with shared-lib's).
import { COUNTRIES, EU_VAT_FORMATS } from '../../shared-lib/src/billing/billing';
import { billingSchema } from '../../shared-lib/src/validation/schemas';
import { KINDS, sharedBackend, type Backend } from './harness';
import { queryMigrated } from './sql';

jest.setTimeout(90_000);

const valid = {
  name: 'Ada Lovelace',
  company: 'Analytical Engines Ltd',
  address: 'Example Street 12',
  postal_code: '10115',
  city: 'Berlin',
  country: 'DE',
  vat_number: 'DE123456789',
};

/** The form's values for a row (what billingSchema reads). */
const asForm = (row: Partial<typeof valid>) => ({
  name: row.name,
  company: row.company ?? undefined,
  address: row.address,
  postalCode: row.postal_code ?? undefined,
  city: row.city,
  country: row.country,
  vatNumber: row.vat_number ?? undefined,
});

// Rows the form refuses, and so must the database (23514, a check constraint).
const refused: [string, Partial<typeof valid> & Record<string, unknown>][] = [
  ['an empty name', { name: '' }],
  ['a name over 100 characters', { name: 'x'.repeat(101) }],
  ['a company over 100 characters', { company: 'x'.repeat(101) }],
  ['an empty address', { address: '' }],
  ['an address over 200 characters', { address: 'x'.repeat(201) }],
  ['a postal code over 20 characters', { postal_code: '1'.repeat(21) }],
  ['an empty city', { city: '' }],
  ['a country not in the list', { country: 'XX' }],
  ['a German VAT number of the wrong length', { vat_number: 'DE12345678' }],
  ['another country’s VAT number', { vat_number: 'ATU12345678' }],
  ['a VAT number outside the EU', { country: 'CH', vat_number: 'CHE123456789' }],
  ['a Greek VAT number with GR instead of EL', { country: 'GR', vat_number: 'GR123456789' }],
];

describe.each(KINDS)('billing details on %s', (kind) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await sharedBackend(kind);
  });
  afterAll(() => backend.stop());

  it('hold the countries and VAT number forms of shared-lib’s lists', async () => {
    const rows = await queryMigrated<{ list: [string, string, string | null, string | null][] }>(
      kind,
      backend,
      `select json_agg(json_build_array(code, name, vat_prefix, vat_pattern) order by code) as list
       from private.countries`,
    );
    const formats = EU_VAT_FORMATS as Record<string, { prefix: string; pattern: string }>;
    expect(rows[0]!.list).toEqual(
      [...COUNTRIES]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([code, name]) => [code, name, formats[code]?.prefix ?? null, formats[code]?.pattern ?? null]),
    );
  });

  it('are the customer’s own: saved, changed and read back by them, by nobody else', async () => {
    const ada = await backend.newUser('billing');
    const saved = await ada.client
      .from('billing_details')
      .upsert({ user_id: ada.id, ...valid })
      .select()
      .single();
    expect(saved.error).toBeNull();
    expect(saved.data).toMatchObject(valid);
    const changed = await ada.client
      .from('billing_details')
      .upsert({ user_id: ada.id, ...valid, company: null, vat_number: null, city: 'Hamburg' })
      .select('company, vat_number, city')
      .single();
    expect(changed.data).toEqual({ company: null, vat_number: null, city: 'Hamburg' });

    const eve = await backend.newUser('eve');
    expect((await eve.client.from('billing_details').select('*')).data).toEqual([]);
    const forged = await eve.client
      .from('billing_details')
      .upsert({ user_id: ada.id, ...valid, name: 'Eve' });
    expect(forged.error).toMatchObject({ code: '42501' });
    const moved = await eve.client
      .from('billing_details')
      .update({ name: 'Eve' })
      .eq('user_id', ada.id)
      .select();
    expect(moved.data).toEqual([]);
    const anonymous = await backend
      .anon()
      .from('billing_details')
      .insert({ user_id: ada.id, ...valid });
    expect(anonymous.error).toMatchObject({ code: '42501' });
    expect((await backend.anon().from('billing_details').select('*')).error).toMatchObject({ code: '42501' });

    const agency = await backend.service().from('billing_details').select('name, city').eq('user_id', ada.id);
    expect(agency.data).toEqual([{ name: 'Ada Lovelace', city: 'Hamburg' }]);
  });

  it('accept every EU country’s VAT number of its own form, normalised', async () => {
    const { client, id } = await backend.newUser('vat');
    for (const [country, format] of Object.entries(EU_VAT_FORMATS)) {
      const row = { ...valid, country, vat_number: format.example };
      expect(billingSchema.safeParse(asForm(row)).success).toBe(true);
      const { error } = await client.from('billing_details').upsert({ user_id: id, ...row });
      expect({ country, error }).toEqual({ country, error: null });
    }
  });

  it.each(refused)('refuse %s, as the form does', async (_, change) => {
    const row = { ...valid, ...change };
    expect(billingSchema.safeParse(asForm(row)).success).toBe(false);
    const { client, id } = await backend.newUser('refused');
    const { error, status } = await client.from('billing_details').insert({ user_id: id, ...row });
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '23514' });
  });

  it('refuse untrimmed text, which the form never sends', async () => {
    const { client, id } = await backend.newUser('spaces');
    const { error } = await client
      .from('billing_details')
      .insert({ user_id: id, ...valid, city: ' Berlin ' });
    expect(error).toMatchObject({ code: '23514' });
    expect(billingSchema.parse(asForm({ ...valid, city: ' Berlin ' })).city).toBe('Berlin');
  });
});
