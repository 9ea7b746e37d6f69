// What an invoice or credit note prints for an EU accountant (issue #45.2), from its stored row alone: issued
// documents never change, so the figures are derived, never stored. Prices include VAT: each line is quantity 1
// at the gross it was sold for, its net is the gross less the VAT it contains; the net total is the total less the
// row's vat_cents, and the discount's net is whatever makes the lines' nets add up to it. A document issued before
// the service period was recorded states its issue date. private.invoice_figures computes the same for the order
// e-mails (the Edge Function cannot import this file); local-supabase/test/invoices.test.ts compares the two.
import { vatContained } from '../pricing/pricing';

/** The stored fields the figures come from (public.invoices' row). */
export interface InvoiceFiguresSource {
  lines: readonly { title: string; priceCents: number }[];
  discount_percent: number;
  discount_cents: number;
  total_cents: number;
  vat_rate_percent: number;
  vat_cents: number;
  issued_on: string;
  service_from: string | null;
  service_to: string | null;
}

export interface InvoiceFigures {
  lines: { title: string; quantity: number; unitCents: number; netCents: number }[];
  /** The discount as a negative line: its gross and net (both positive amounts taken off). */
  discount: { percent: number; grossCents: number; netCents: number } | null;
  /** One entry per VAT rate the document charges (one rate today). */
  rates: { ratePercent: number; netCents: number; vatCents: number; grossCents: number }[];
  netCents: number;
  vatCents: number;
  grossCents: number;
  /** The period of the service, ISO dates; one day (the issue date) for documents issued before it was recorded. */
  serviceFrom: string;
  serviceTo: string;
}

export function invoiceFigures(invoice: InvoiceFiguresSource): InvoiceFigures {
  const rate = Number(invoice.vat_rate_percent);
  const lines = invoice.lines.map((line) => ({
    title: line.title,
    quantity: 1,
    unitCents: line.priceCents,
    netCents: line.priceCents - vatContained(line.priceCents, rate),
  }));
  const netCents = invoice.total_cents - invoice.vat_cents;
  const linesNet = lines.reduce((sum, line) => sum + line.netCents, 0);
  return {
    lines,
    discount:
      invoice.discount_cents > 0
        ? {
            percent: invoice.discount_percent,
            grossCents: invoice.discount_cents,
            netCents: linesNet - netCents,
          }
        : null,
    rates: [{ ratePercent: rate, netCents, vatCents: invoice.vat_cents, grossCents: invoice.total_cents }],
    netCents,
    vatCents: invoice.vat_cents,
    grossCents: invoice.total_cents,
    serviceFrom: invoice.service_from ?? invoice.issued_on,
    serviceTo: invoice.service_to ?? invoice.issued_on,
  };
}
