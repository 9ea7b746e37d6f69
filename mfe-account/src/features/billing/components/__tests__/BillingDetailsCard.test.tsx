import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERROR_MESSAGES } from 'shared-lib';
import { createTestSupabase, json, renderWithProviders, resetStores } from 'shared-lib/src/testing';
import { BillingDetailsCard } from '../BillingDetailsCard';

const USER_ID = '0f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a';
const saved = {
  user_id: USER_ID,
  name: 'Ada Lovelace',
  company: null,
  address: 'Example Street 12',
  postal_code: '10115',
  city: 'Berlin',
  country: 'DE',
  vat_number: null,
  updated_at: '2026-01-02T10:00:00Z',
};

interface Sent {
  method: string;
  path: string;
  body: unknown;
}

function backend(load: () => Response | Promise<Response>) {
  const sent: Sent[] = [];
  createTestSupabase(async (url, init) => {
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method: init?.method ?? 'GET', path: url.pathname, body });
    if (init?.method === 'POST') return json({ ...saved, ...body });
    return load();
  });
  return sent;
}

afterEach(resetStores);

/** Types `text` into a field at once (as a paste: the keystrokes themselves are not what is tested here). */
async function fill(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}

const card = () => screen.getByRole('region', { name: 'Billing details' });

describe('BillingDetailsCard', () => {
  it('shows the saved details and saves a change as the customer’s one row', async () => {
    const sent = backend(() => json([saved]));
    renderWithProviders(<BillingDetailsCard userId={USER_ID} />);
    const name = await within(card()).findByLabelText('Name');
    expect(name).toHaveValue('Ada Lovelace');
    expect(within(card()).getByLabelText('Country')).toHaveValue('DE');
    expect(within(card()).getByLabelText('VAT number (optional)')).toHaveAccessibleDescription(
      /we check your number with the EU register before we invoice you without VAT/,
    );

    await fill(within(card()).getByLabelText('Company (optional)'), ' Analytical Engines ');
    await fill(within(card()).getByLabelText('VAT number (optional)'), 'de 123.456.789');
    await userEvent.click(within(card()).getByRole('button', { name: 'Save billing details' }));

    expect(await within(card()).findByRole('status')).toHaveTextContent(
      'Your next invoice will be made out to these details.',
    );
    expect(sent.at(-1)).toEqual({
      method: 'POST',
      path: '/rest/v1/billing_details',
      body: {
        user_id: USER_ID,
        name: 'Ada Lovelace',
        company: 'Analytical Engines',
        address: 'Example Street 12',
        postal_code: '10115',
        city: 'Berlin',
        country: 'DE',
        vat_number: 'DE123456789',
      },
    });
  });

  it('starts empty for a customer with none saved, and says what is missing or wrong', async () => {
    const sent = backend(() => json([]));
    renderWithProviders(<BillingDetailsCard userId={USER_ID} />);
    expect(await within(card()).findByLabelText('Name')).toHaveValue('');
    await userEvent.selectOptions(within(card()).getByLabelText('Country'), 'Switzerland');
    await fill(within(card()).getByLabelText('VAT number (optional)'), 'CHE123456789');
    await userEvent.click(within(card()).getByRole('button', { name: 'Save billing details' }));

    expect(within(card()).getByLabelText('Name')).toHaveAccessibleDescription('Name is required');
    expect(within(card()).getByLabelText('Address')).toHaveAccessibleDescription(
      'Street and number Address is required',
    );
    expect(within(card()).getByLabelText('City')).toHaveAccessibleDescription('City is required');
    expect(within(card()).getByLabelText('VAT number (optional)')).toHaveAccessibleDescription(
      /A VAT number can only be given for a country of the European Union$/,
    );
    await waitFor(() => expect(within(card()).getByLabelText('Name')).toHaveFocus());
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('says in words a person understands when the details cannot be loaded, and loads them on Retry', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    backend(() => (fail ? Promise.reject(new TypeError('Failed to fetch')) : json([saved])));
    renderWithProviders(<BillingDetailsCard userId={USER_ID} />);
    expect(await within(card()).findByText('Your billing details could not be loaded.')).toBeInTheDocument();
    expect(card()).toHaveTextContent(ERROR_MESSAGES.network);
    fail = false;
    await userEvent.click(within(card()).getByRole('button', { name: 'Retry' }));
    expect(await within(card()).findByLabelText('Name')).toHaveValue('Ada Lovelace');
  });
});
