import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { X } from 'lucide-react';
import {
  Button,
  ButtonLink,
  Card,
  Container,
  errorToast,
  formatEuro,
  LinesSkeleton,
  media,
  Muted,
  orderConfirmationPath,
  paths,
  Section,
  toast,
  toCents,
  useCartStore,
  PageMeta,
} from 'shared-lib';
import { CartLine } from '../features/cart/components/CartLine';
import { PriceLines } from '../components/PriceLines';
import { usePricedCart } from '../features/cart/hooks/use-priced-cart';
import { useRemoveKeepingFocus } from '../features/cart/hooks/use-remove-keeping-focus';
import { placeOrder, PRICE_CHANGED } from '../features/checkout/api/place-order';
import {
  CODE_ALREADY_USED,
  CODE_REFUSALS,
  DiscountCodeForm,
} from '../features/checkout/components/DiscountCodeForm';
import { useServerQuote } from '../features/checkout/hooks/use-server-quote';
import { forgetStoredCode } from '../features/checkout/utils/stored-code';

const Layout = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[5]};
  align-items: start;
  ${media.md} {
    grid-template-columns: 3fr 2fr;
  }
`;

const Items = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    padding: ${({ theme }) => theme.space[3]} 0;
  }
`;

const Summary = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
`;

const Empty = styled.div`
  display: grid;
  justify-items: start;
  gap: ${({ theme }) => theme.space[3]};
`;

/** Beyond the spec: place_order refused the total shown, because the server's price differs (re-quoted). */
export const PRICE_CHANGED_TITLE = 'The price of your order has changed.';
export const PRICE_CHANGED_DESCRIPTION = 'Please check the new total, then complete your purchase.';

export default function CheckoutPage() {
  const { items, code, priced: browserPrice } = usePricedCart();
  // The customer is signed in here (a protected route): the summary is the server's quote, priced from its
  // catalogue, not from the prices stored in this browser. If the quote cannot be had, the browser's price is
  // shown and place_order still checks it.
  const quote = useServerQuote(items, code);
  const priced = quote.state === 'ready' ? quote.priced : browserPrice;
  const codeStatus = quote.state === 'ready' && code ? quote.quote.code_status : null;
  const list = useRef<HTMLUListElement>(null);
  const page = useRef<HTMLElement>(null);
  // After a removal focus goes to the next line, or to Browse Services once the cart is empty.
  const remove = useRemoveKeepingFocus(list, () =>
    page.current?.querySelector<HTMLElement>(`a[href="${paths.howWeWork}"]`),
  );
  const clear = useCartStore((s) => s.clear);
  const navigate = useNavigate();
  const [placing, setPlacing] = useState(false);
  // The button is disabled while the order is placed, which drops focus: when placing fails it gets focus back
  // (a placed order moves on to its confirmation page, whose h1 the shell focuses).
  const purchase = useRef<HTMLButtonElement>(null);
  const [failures, setFailures] = useState(0);
  useEffect(() => {
    if (failures > 0 && (!document.activeElement || document.activeElement === document.body)) {
      purchase.current?.focus();
    }
  }, [failures]);

  const checkout = async () => {
    setPlacing(true);
    const shownTotal = quote.state === 'ready' ? quote.quote.total_cents : toCents(browserPrice.total);
    try {
      const orderId = await placeOrder(items, code, shownTotal);
      // Redeemed: this browser stops offering the code (one that gave nothing stays unused, and offered).
      if (code && codeStatus === 'valid') forgetStoredCode(code);
      // The spec's cart clearing; then, instead of its alert and the home page, the order's confirmation (beyond
      // the spec, #31.2). Replaced: Back leads to where the customer was before the checkout.
      clear();
      navigate(orderConfirmationPath(orderId), { replace: true });
    } catch (error) {
      const { code: reason, message } = error as { code?: string; message?: string };
      if (reason === PRICE_CHANGED || message === CODE_ALREADY_USED) {
        // Nothing was recorded: show the server's price now and let the customer confirm it.
        quote.refresh();
        toast(
          reason === PRICE_CHANGED
            ? { title: PRICE_CHANGED_TITLE, description: PRICE_CHANGED_DESCRIPTION }
            : { title: CODE_ALREADY_USED, variant: 'destructive' },
        );
      } else {
        toast(errorToast(error, 'checkout'));
      }
      setPlacing(false);
      setFailures((n) => n + 1);
    }
  };

  return (
    <Section ref={page}>
      <PageMeta title="Checkout" />
      <Container>
        <h1>Checkout</h1>
        {items.length === 0 ? (
          <Empty>
            <Muted>Your cart is empty</Muted>
            <ButtonLink to={paths.howWeWork}>Browse Services</ButtonLink>
          </Empty>
        ) : (
          <Layout>
            <section aria-labelledby="checkout-items">
              <h2 id="checkout-items">Your services</h2>
              <Items ref={list}>
                {items.map((item) => (
                  <CartLine key={item.id} item={item} price={<span>{formatEuro(item.price)}</span>}>
                    <Button
                      data-remove
                      $variant="ghost"
                      $size="sm"
                      aria-label={`Remove ${item.title}`}
                      // The order is being placed from this exact cart.
                      disabled={placing}
                      onClick={() => remove(item.id)}
                    >
                      <X size={16} aria-hidden />
                    </Button>
                  </CartLine>
                ))}
              </Items>
            </section>
            <Summary as="section" aria-labelledby="checkout-summary">
              <h2 id="checkout-summary">Order summary</h2>
              <DiscountCodeForm items={items} status={codeStatus} />
              {codeStatus && codeStatus !== 'valid' ? (
                <Muted role="status">{CODE_REFUSALS[codeStatus]}</Muted>
              ) : null}
              {quote.state === 'loading' ? <LinesSkeleton lines={3} /> : <PriceLines priced={priced} />}
              <Button
                ref={purchase}
                $size="lg"
                $block
                disabled={placing || quote.state === 'loading'}
                onClick={() => void checkout()}
              >
                {placing ? 'Placing order...' : 'Complete Purchase'}
              </Button>
            </Summary>
          </Layout>
        )}
      </Container>
    </Section>
  );
}
