import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { X } from 'lucide-react';
import {
  Button,
  ButtonLink,
  Card,
  Container,
  Form,
  FormFailure,
  formatEuro,
  FormSkeleton,
  LinesSkeleton,
  media,
  Muted,
  orderConfirmationPath,
  paths,
  Section,
  sendQueuedEmails,
  SubmitButton,
  toCents,
  useCartStore,
  useFormSubmit,
  PageMeta,
  isApiError,
} from 'shared-lib';
import {
  BillingFields,
  billingRow,
  billingValues,
  PAYMENT_WORDS,
  type BillingValues,
} from 'shared-lib/billing';
import { checkoutSchema, type CheckoutInput } from 'shared-lib/validation';
import { CartLine } from '../features/cart/components/CartLine';
import { PriceLines } from '../components/PriceLines';
import { Reserved } from '../components/Reserved';
import { usePricedCart } from '../features/cart/hooks/use-priced-cart';
import { useRemoveKeepingFocus } from '../features/cart/hooks/use-remove-keeping-focus';
import { placeOrder, PRICE_CHANGED, TOO_MANY_UNPAID } from '../features/checkout/api/place-order';
import {
  CODE_ALREADY_USED,
  codeRefusal,
  DiscountCodeForm,
} from '../features/checkout/components/DiscountCodeForm';
import { PaymentTerms, StartConsent } from '../features/checkout/components/PaymentTerms';
import { useSavedBilling } from '../features/checkout/hooks/use-saved-billing';
import { useServerQuote } from '../features/checkout/hooks/use-server-quote';
import { CHECKOUT_TOASTS, dismissCheckoutToasts } from '../features/checkout/utils/checkout-toasts';
import { forgetStoredCode } from '../features/checkout/utils/stored-code';
import { loadOrderConfirmationPage } from './load-order-confirmation';

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

const BillingForm = styled(Form)`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

const Consent = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space[2]};
  input {
    width: 1.125rem;
    height: 1.125rem;
    margin-top: 0.125rem;
    flex-shrink: 0;
  }
`;

/**
 * Beyond the spec (#31.7, #44): the purchase toast tells only of paid orders whose customers agreed, and only this
 * (the billing country's name, never a word the customer typed).
 */
export const CONSENT_LABEL =
  'Once I have paid, other visitors may see that a customer from my country bought this service (never my name).';

const Obligation = styled(Muted)`
  margin: 0;
  text-align: center;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** The checkout's fields: the billing details and the consent that work may start (#45.1). */
type CheckoutValues = BillingValues & { startConsent: string };

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
  // Who the invoice is made out to (beyond the spec, #31.1): the saved details, checked by the same schema as in
  // Profile and by the database's constraints, and saved again with the order for the next one.
  const billing = useState<CheckoutValues>(() => ({ ...billingValues(null), startConsent: '' }));
  const saved = useSavedBilling(billing[1]);
  const [showInRecentPurchases, setShowInRecentPurchases] = useState(false);
  // The account has as many orders awaiting payment as it may (#44): the way out is paying one, or asking us.
  const [unpaidCap, setUnpaidCap] = useState(false);
  const consentId = useId();
  const obligationId = useId();
  // Placed: the button stays disabled until the confirmation replaces this page, so a second press cannot order
  // again, and the cart is emptied only then (below), so this page never shows an empty cart (#45.3).
  const [placed, setPlaced] = useState(false);
  const placedRef = useRef(false);
  useEffect(() => {
    // Ready before it is needed: "Complete Purchase" leads straight to the order's page.
    void loadOrderConfirmationPage().catch(() => undefined);
    return () => {
      if (placedRef.current) clear();
    };
  }, [clear]);

  const form = useFormSubmit<CheckoutValues, CheckoutInput, string>({
    state: billing,
    schema: checkoutSchema,
    toastGroup: CHECKOUT_TOASTS,
    send: (input) =>
      placeOrder({
        items,
        discountCode: code,
        expectedTotalCents: quote.state === 'ready' ? quote.quote.total_cents : toCents(browserPrice.total),
        billing: billingRow(input),
        showInRecentPurchases,
      }),
    onSuccess: (orderId) => {
      // Redeemed: this browser stops offering the code (one that gave nothing stays unused, and offered).
      if (code && codeStatus === 'valid') forgetStoredCode(code);
      // The order's e-mails go now; if the sender cannot be reached, its sweep sends them soon after.
      void sendQueuedEmails();
      // What was said about the form (a missing field, a refused code) is done with (#45.3).
      dismissCheckoutToasts();
      // Instead of the spec's alert and the home page, the order's confirmation (beyond the spec, #31.2), and the
      // spec's cart clearing once it has replaced this page (the effect above). Replaced: Back leads to where the
      // customer was before the checkout.
      placedRef.current = true;
      setPlaced(true);
      navigate(orderConfirmationPath(orderId), { replace: true });
    },
    // Nothing was recorded: the server's price or the code's state is shown anew for the customer to confirm.
    refusal: (error) => {
      if (isApiError(error, PRICE_CHANGED)) {
        return { title: PRICE_CHANGED_TITLE, description: PRICE_CHANGED_DESCRIPTION };
      }
      if (isApiError(error) && error.message === CODE_ALREADY_USED) return { title: CODE_ALREADY_USED };
      // The server's words name the number of orders: "You have 3 orders awaiting payment: pay one, or ...".
      if (isApiError(error, TOO_MANY_UNPAID)) return { title: error.message };
      return undefined;
    },
    onFailure: ({ error, refused }) => {
      setUnpaidCap(isApiError(error, TOO_MANY_UNPAID));
      if (refused) quote.refresh();
    },
  });
  const placing = form.submitting || placed;

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
              <DiscountCodeForm items={items} status={codeStatus} toastGroup={CHECKOUT_TOASTS} />
              {codeStatus && codeStatus !== 'valid' ? (
                <Muted role="status">{codeRefusal(codeStatus, items.length)}</Muted>
              ) : null}
              <Reserved loading={quote.state === 'loading'} skeleton={<LinesSkeleton lines={3} />}>
                <PriceLines priced={priced} />
              </Reserved>
              <BillingForm form={form} aria-labelledby="checkout-billing">
                <h3 id="checkout-billing">Billing details</h3>
                {saved === 'failed' ? (
                  <Muted>Your saved billing details could not be loaded. Please enter them.</Muted>
                ) : null}
                <Reserved loading={saved === 'loading'} skeleton={<FormSkeleton fields={4} />}>
                  <BillingFields form={form} />
                </Reserved>
                <Consent>
                  <input
                    id={consentId}
                    type="checkbox"
                    checked={showInRecentPurchases}
                    onChange={(event) => setShowInRecentPurchases(event.target.checked)}
                  />
                  <label htmlFor={consentId}>{CONSENT_LABEL}</label>
                </Consent>
                <PaymentTerms />
                <StartConsent
                  field={form.field('startConsent')}
                  onChange={(checked) => form.set('startConsent', checked ? 'yes' : '')}
                />
                <FormFailure form={form} />
                {unpaidCap && form.failure ? (
                  <Muted>
                    Pay one with the details on its invoice (Orders in your account), or{' '}
                    <Link to={paths.contact}>contact us</Link> to cancel one.
                  </Muted>
                ) : null}
                <SubmitButton
                  form={form}
                  $size="lg"
                  $block
                  busyLabel="Placing order..."
                  disabled={placed || saved === 'loading' || quote.state === 'loading'}
                  aria-describedby={[obligationId, form.failureId].filter(Boolean).join(' ')}
                >
                  {placed ? 'Placing order...' : 'Complete Purchase'}
                </SubmitButton>
                <Obligation id={obligationId}>{PAYMENT_WORDS.obligation}</Obligation>
              </BillingForm>
            </Summary>
          </Layout>
        )}
      </Container>
    </Section>
  );
}
