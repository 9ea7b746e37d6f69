import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { company, ERROR_MESSAGES, type InvoiceRow } from 'shared-lib';
import { createTestSupabase, json, renderWithProviders, resetStores } from 'shared-lib/src/testing';
import InvoicePage from '../InvoicePage';

const invoice: InvoiceRow = {
  id: '11111111-2222-4333-8444-555555555555',
  kind: 'invoice',
  number: '2026-0042',
  year: 2026,
  sequence: 42,
  order_id: 'a1b2c3d4-1111-4222-8333-944455556666',
  corrects_id: null,
  issued_on: '2026-11-28',
  due_on: '2026-12-12',
  seller: company,
  buyer: {
    name: 'Ada Lovelace',
    company: 'Analytical Engines Ltd',
    address: 'Example Street 12',
    postal_code: '1010',
    city: 'Vienna',
    country: 'AT',
    vat_number: 'ATU12345678',
    email: 'ada@example.com',
  },
  lines: [
    { title: 'Smart Website', priceCents: 89900 },
    { title: 'Chat Helper', priceCents: 69900 },
    { title: 'Smart Emails', priceCents: 34900 },
  ],
  subtotal_cents: 194700,
  discount_percent: 10,
  discount_cents: 19470,
  total_cents: 175230,
  vat_rate_percent: 19,
  vat_cents: 27978,
  created_at: '2026-11-28T10:00:00Z',
  service_from: '2026-11-28',
  service_to: '2026-12-12',
};

const creditNote: InvoiceRow = {
  ...invoice,
  id: '99999999-2222-4333-8444-555555555555',
  kind: 'credit_note',
  number: 'CN-2026-0003',
  sequence: 3,
  corrects_id: invoice.id,
  issued_on: '2026-12-01',
  due_on: null,
};

function backend(rows: InvoiceRow[]) {
  const asked: URL[] = [];
  createTestSupabase((url, init) => {
    asked.push(url);
    const [, value] =
      /^eq\.(.*)$/.exec(url.searchParams.get('number') ?? url.searchParams.get('id') ?? '') ?? [];
    const found = rows.filter((row) => row.number === value || row.id === value);
    // .single() asks PostgREST for one object.
    const one = new Headers(init.headers).get('Accept')?.includes('vnd.pgrst.object');
    return json(one ? found[0] : found);
  });
  return asked;
}

afterEach(resetStores);

describe('InvoicePage', () => {
  it('shows the invoice as issued: parties, dates, lines, discount, total, the VAT it contains and how to pay', async () => {
    const asked = backend([invoice]);
    renderWithProviders(<InvoicePage />, { route: '/account/invoice?number=2026-0042' });
    const sheet = await screen.findByRole('article', { name: 'Invoice 2026-0042' });
    expect(asked[0]!.searchParams.get('number')).toBe('eq.2026-0042');
    expect(within(sheet).getByRole('region', { name: 'From' })).toHaveTextContent(
      'AI Made Simple GmbHMusterstraße 110115 BerlinGermanyVAT ID: DE000000000billing@shop.example.com',
    );
    expect(within(sheet).getByRole('region', { name: 'Billed to' })).toHaveTextContent(
      'Ada LovelaceAnalytical Engines LtdExample Street 121010 ViennaAustriaVAT number: ATU12345678ada@example.com',
    );
    expect(sheet).toHaveTextContent(
      'Invoice dateNovember 28, 2026Service periodNovember 28, 2026 – December 12, 2026Due dateDecember 12, 2026',
    );
    const rows = within(within(sheet).getByRole('table'))
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'ServiceQuantityUnit price incl. VATNet amount',
      'Smart Website1€899.00€755.46',
      'Chat Helper1€699.00€587.39',
      'Smart Emails1€349.00€293.28',
      'Discount (10%, €194.70 incl. VAT)-€163.61',
      'Net amount at 19% VAT€1,472.52',
      'VAT 19%€279.78',
      'Total€1,752.30',
    ]);
    expect(within(sheet).getByRole('region', { name: 'Payment by bank transfer' })).toHaveTextContent(
      'Demo shop: these are example bank details. Do not transfer money to them.Amount€1,752.30Due byDecember 12, 2026Account holderAI Made Simple GmbHIBANDE89 3704 0044 0532 0130 00 (demo)BICCOBADEFFXXXBankCommerzbankReference2026-0042',
    );
  });

  it('states what an EU invoice must for a two-line order: per line quantity, unit price and net, net, VAT and gross per rate, the date of service', async () => {
    const twoLines: InvoiceRow = {
      ...invoice,
      number: '2026-0043',
      lines: [
        { title: 'Smart Website', priceCents: 89900 },
        { title: 'AI Chatbot', priceCents: 129900 },
      ],
      subtotal_cents: 219800,
      discount_percent: 0,
      discount_cents: 0,
      total_cents: 219800,
      vat_cents: 35094,
      // Issued before service periods were recorded: the issue date is the date of service.
      service_from: null,
      service_to: null,
      seller: {
        ...company,
        vatId: 'DE811907980',
        bank: { ...company.bank, iban: 'DE02120300000000202051' },
        register: { ...company.register, number: 'HRB 123456 B' },
        address: { ...company.address, street: 'Friedrichstraße 68' },
      },
    };
    backend([twoLines]);
    renderWithProviders(<InvoicePage />, { route: '/account/invoice?number=2026-0043' });
    const sheet = await screen.findByRole('article', { name: 'Invoice 2026-0043' });
    expect(sheet).toHaveTextContent('Invoice dateNovember 28, 2026Date of serviceNovember 28, 2026');
    const table = within(sheet).getByRole('table', { name: 'Invoice 2026-0043: services and amounts' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'ServiceQuantityUnit price incl. VATNet amount',
      'Smart Website1€899.00€755.46',
      'AI Chatbot1€1,299.00€1,091.60',
      'Net amount at 19% VAT€1,847.06',
      'VAT 19%€350.94',
      'Total€2,198.00',
    ]);
    const payment = within(sheet).getByRole('region', { name: 'Payment by bank transfer' });
    expect(payment).toHaveTextContent('IBANDE02 1203 0000 0000 2020 51BIC');
    expect(payment).not.toHaveTextContent(/demo/i);
  });

  it('prints from its Print button', async () => {
    backend([invoice]);
    const print = jest.spyOn(window, 'print').mockImplementation(() => undefined);
    renderWithProviders(<InvoicePage />, { route: '/account/invoice?number=2026-0042' });
    await userEvent.click(await screen.findByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('shows a credit note with the invoice it credits, and no payment to make', async () => {
    backend([invoice, creditNote]);
    renderWithProviders(<InvoicePage />, { route: '/account/invoice?number=CN-2026-0003' });
    const sheet = await screen.findByRole('article', { name: 'Credit note CN-2026-0003' });
    expect(sheet).toHaveTextContent(
      'Credit note dateDecember 1, 2026Service periodNovember 28, 2026 – December 12, 2026Credits invoice2026-0042',
    );
    expect(sheet).toHaveTextContent('Net amount at 19% VAT€1,472.52VAT 19%€279.78Total credited€1,752.30');
    expect(sheet).toHaveTextContent('This credit note cancels invoice 2026-0042 in full.');
    expect(within(sheet).queryByRole('region', { name: 'Payment by bank transfer' })).not.toBeInTheDocument();
  });

  it('says so when the customer has no invoice of that number, and when it cannot be loaded', async () => {
    backend([]);
    renderWithProviders(<InvoicePage />, { route: '/account/invoice?number=2026-9999' });
    expect(
      await screen.findByText(
        'There is no invoice numbered 2026-9999 in your account. Your invoices are listed with your orders.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your orders' })).toHaveAttribute('href', '/account?tab=orders');
    expect(screen.queryByRole('button', { name: 'Print' })).not.toBeInTheDocument();
  });

  it('says in words a person understands when it cannot be loaded', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    createTestSupabase(() => Promise.reject(new TypeError('Failed to fetch')));
    renderWithProviders(<InvoicePage />, { route: '/account/invoice?number=2026-0042' });
    expect(await screen.findByText('This invoice could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText(ERROR_MESSAGES.network)).toBeInTheDocument();
    jest.restoreAllMocks();
  });
});
