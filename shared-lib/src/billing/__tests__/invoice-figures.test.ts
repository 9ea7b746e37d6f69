import { invoiceFigures, type InvoiceFiguresSource } from '../invoice-figures';

const twoLines: InvoiceFiguresSource = {
  lines: [
    { title: 'Smart Website', priceCents: 89_900 },
    { title: 'AI Chatbot', priceCents: 129_900 },
  ],
  discount_percent: 10,
  discount_cents: 21_980,
  total_cents: 197_820,
  vat_rate_percent: 19,
  vat_cents: 31_585,
  issued_on: '2026-11-28',
  service_from: '2026-11-28',
  service_to: '2026-12-12',
};

describe('invoiceFigures', () => {
  it('states each line as quantity 1 at its gross, with the net it leaves without VAT', () => {
    expect(invoiceFigures(twoLines).lines).toEqual([
      { title: 'Smart Website', quantity: 1, unitCents: 89_900, netCents: 75_546 },
      { title: 'AI Chatbot', quantity: 1, unitCents: 129_900, netCents: 109_160 },
    ]);
  });

  it('gives the net, VAT and gross per rate from the stored total and VAT, and a discount whose net makes them add up', () => {
    const figures = invoiceFigures(twoLines);
    expect(figures.rates).toEqual([
      { ratePercent: 19, netCents: 166_235, vatCents: 31_585, grossCents: 197_820 },
    ]);
    expect(figures.discount).toEqual({
      percent: 10,
      grossCents: 21_980,
      netCents: 75_546 + 109_160 - 166_235,
    });
    const linesNet = figures.lines.reduce((sum, line) => sum + line.netCents, 0);
    expect(linesNet - figures.discount!.netCents).toBe(figures.netCents);
    expect(figures.netCents + figures.vatCents).toBe(figures.grossCents);
  });

  it('has no discount line without a discount, and reads a rate PostgREST sends as a string', () => {
    const figures = invoiceFigures({
      ...twoLines,
      lines: [{ title: 'Smart Website', priceCents: 89_900 }],
      discount_percent: 0,
      discount_cents: 0,
      total_cents: 89_900,
      vat_rate_percent: '19.00' as unknown as number,
      vat_cents: 14_354,
    });
    expect(figures.discount).toBeNull();
    expect(figures.rates).toEqual([
      { ratePercent: 19, netCents: 75_546, vatCents: 14_354, grossCents: 89_900 },
    ]);
  });

  it('states the service period, or the issue date for a document issued before periods were recorded', () => {
    expect(invoiceFigures(twoLines)).toMatchObject({ serviceFrom: '2026-11-28', serviceTo: '2026-12-12' });
    expect(invoiceFigures({ ...twoLines, service_from: null, service_to: null })).toMatchObject({
      serviceFrom: '2026-11-28',
      serviceTo: '2026-11-28',
    });
  });
});
