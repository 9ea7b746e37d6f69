import { callSupabase, type InvoiceRow } from 'shared-lib';

/** An invoice or credit note of the customer's by its number, with the number of the invoice a credit note corrects. */
export interface InvoiceWithCorrected extends InvoiceRow {
  correctsNumber: string | null;
}

/** The customer's invoice numbered `number` (RLS shows only theirs), or null when they have none of that number. */
export async function fetchInvoice(
  number: string,
  signal: AbortSignal,
): Promise<InvoiceWithCorrected | null> {
  const invoice = await callSupabase((supabase) =>
    supabase.from('invoices').select('*').eq('number', number).abortSignal(signal).maybeSingle(),
  );
  if (!invoice) return null;
  if (!invoice.corrects_id) return { ...invoice, correctsNumber: null };
  const corrected = await callSupabase((supabase) =>
    supabase.from('invoices').select('number').eq('id', invoice.corrects_id!).abortSignal(signal).single(),
  );
  return { ...invoice, correctsNumber: corrected.number };
}
