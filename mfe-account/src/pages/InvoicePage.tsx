// /account/invoice?number=2026-0001 (issue #31.5, beyond the spec): an invoice or credit note of the customer's,
// to read and print. Reached from the order card in Account and from the order confirmation e-mail; the shell's
// guard asks a signed-out visitor to sign in first and brings them back. Kept out of search engines (noindex).
import { useSearchParams } from 'react-router-dom';
import styled, { createGlobalStyle } from 'styled-components';
import { ArrowLeft, Printer } from 'lucide-react';
import { Button, ButtonLink, LinesSkeleton, PageMeta, PageStack, paths, Section, useLoad } from 'shared-lib';
import { LoadFailed, PanelNote } from '../components/panel-states';
import { fetchInvoice } from '../features/invoices/api/fetch-invoice';
import { InvoiceDocument } from '../features/invoices/components/InvoiceDocument';

/** On paper only the document: the site's header, footer, banner, toasts and this page's buttons stay off. */
const PrintOnlyTheInvoice = createGlobalStyle`
  @media print {
    body * {
      visibility: hidden;
    }
    #invoice,
    #invoice * {
      visibility: visible;
    }
    #invoice {
      position: absolute;
      inset: 0 0 auto 0;
    }
  }
`;

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};
`;

const ORDERS = `${paths.account}?tab=orders`;

export default function InvoicePage() {
  const [params] = useSearchParams();
  const number = params.get('number') ?? '';
  const loaded = useLoad((signal) => fetchInvoice(number, signal), [number], { context: 'invoice' });

  const title = number ? `Invoice ${number}` : 'Invoice';
  return (
    <Section>
      <PageMeta title={title} />
      <PrintOnlyTheInvoice />
      <PageStack $maxWidth="52rem">
        <Toolbar>
          <ButtonLink to={ORDERS} $variant="ghost">
            <ArrowLeft size={18} aria-hidden /> Your orders
          </ButtonLink>
          {loaded.state === 'ready' && loaded.data ? (
            <Button $variant="outline" onClick={() => window.print()}>
              <Printer size={18} aria-hidden /> Print
            </Button>
          ) : null}
        </Toolbar>
        {loaded.state === 'loading' ? (
          <>
            <h1>{title}</h1>
            <LinesSkeleton lines={8} />
          </>
        ) : null}
        {loaded.state === 'failed' ? (
          <>
            <h1>{title}</h1>
            <LoadFailed what="This invoice" error={loaded.error} onRetry={loaded.retry} />
          </>
        ) : null}
        {loaded.state === 'ready' && !loaded.data ? (
          <>
            <h1>{title}</h1>
            <PanelNote>
              There is no invoice {number ? `numbered ${number} ` : ''}in your account. Your invoices are
              listed with your orders.
            </PanelNote>
          </>
        ) : null}
        {loaded.state === 'ready' && loaded.data ? <InvoiceDocument invoice={loaded.data} /> : null}
      </PageStack>
    </Section>
  );
}
