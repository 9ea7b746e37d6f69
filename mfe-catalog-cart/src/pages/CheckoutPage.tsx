import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { X } from 'lucide-react';
import {
  Button,
  ButtonLink,
  Card,
  Container,
  formatEuro,
  media,
  Muted,
  paths,
  Section,
  toast,
  useCartStore,
  usePageMeta,
} from 'shared-lib';
import { CartLine } from '../features/cart/components/CartLine';
import { PriceLines } from '../features/cart/components/PriceLines';
import { usePricedCart } from '../features/cart/hooks/use-priced-cart';
import { placeOrder } from '../features/checkout/api/place-order';
import { DiscountCodeForm } from '../features/checkout/components/DiscountCodeForm';

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

export const PAYMENT_NOTICE =
  'Thank you! Your order has been recorded. Payments are not live yet: integrate a payment provider (such as Stripe) to take payment at this step.';

export default function CheckoutPage() {
  usePageMeta('Checkout');
  const { items, code, priced } = usePricedCart();
  const remove = useCartStore((s) => s.remove);
  const clear = useCartStore((s) => s.clear);
  const navigate = useNavigate();
  const [placing, setPlacing] = useState(false);

  const checkout = async () => {
    setPlacing(true);
    try {
      await placeOrder(items, code);
      window.alert(PAYMENT_NOTICE);
      clear();
      navigate(paths.home);
    } catch (error) {
      toast({ title: 'Error', description: (error as Error).message, variant: 'destructive' });
      setPlacing(false);
    }
  };

  return (
    <Section>
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
              <Items>
                {items.map((item) => (
                  <CartLine key={item.id} item={item} price={<span>{formatEuro(item.price)}</span>}>
                    <Button
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
              <DiscountCodeForm />
              <PriceLines priced={priced} />
              <Button $size="lg" $block disabled={placing} onClick={() => void checkout()}>
                {placing ? 'Placing order...' : 'Complete Purchase'}
              </Button>
            </Summary>
          </Layout>
        )}
      </Container>
    </Section>
  );
}
