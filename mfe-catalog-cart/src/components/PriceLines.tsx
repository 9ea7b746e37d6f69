import styled from 'styled-components';
import { company, formatCents, formatEuro, toCents, vatContained, type PricedCart } from 'shared-lib';

const Lines = styled.dl`
  display: grid;
  grid-template-columns: 1fr auto;
  /* Rows only: the columns are spaced by the amounts' padding, so the total's rule runs unbroken. */
  row-gap: ${({ theme }) => theme.space[2]};
  margin: 0;
  dt {
    color: ${({ theme }) => theme.colors.muted};
  }
  dd {
    margin: 0;
    padding-left: ${({ theme }) => theme.space[4]};
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
`;

const Saving = styled.dd`
  color: ${({ theme }) => theme.colors.success};
  font-weight: 600;
`;

const Vat = styled.div`
  display: contents;
  dt,
  dd {
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

const Total = styled.div`
  display: contents;
  dt,
  dd {
    padding-top: ${({ theme }) => theme.space[2]};
    border-top: 1px solid ${({ theme }) => theme.colors.border};
    color: ${({ theme }) => theme.colors.ink};
    font-weight: 700;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

/**
 * Subtotal, the discount when one applies, and the total, with the VAT it contains (prices include VAT: #31.5,
 * beyond the spec). Every amount in the one money format (beyond the spec, #45.7: the spec's cart panel showed
 * its subtotal raw).
 */
export function PriceLines({ priced }: { priced: PricedCart }) {
  return (
    <Lines>
      <dt>Subtotal</dt>
      <dd>{formatEuro(priced.subtotal)}</dd>
      {priced.discountPercent > 0 ? (
        <>
          <dt>Discount ({priced.discountPercent}%)</dt>
          <Saving>-{formatEuro(priced.discountAmount)}</Saving>
        </>
      ) : null}
      {priced.freeAftercare ? (
        <>
          <dt>Aftercare check-up</dt>
          <Saving>FREE</Saving>
        </>
      ) : null}
      <Total>
        <dt>Total</dt>
        <dd>{formatEuro(priced.total)}</dd>
      </Total>
      <Vat>
        <dt>Includes VAT ({company.vat.ratePercent}%)</dt>
        <dd>{formatCents(vatContained(toCents(priced.total), company.vat.ratePercent))}</dd>
      </Vat>
    </Lines>
  );
}
