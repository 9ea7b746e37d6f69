// /checkout/confirmation?order=<id> (issue #31.2, beyond the spec): where "Complete Purchase" leads. Loaded from the
// order's rows, so a reload or a bookmark shows the same; signed-in only (the shell's guard) and noindex.
import { useSearchParams } from 'react-router-dom';
import {
  ActionRow,
  Button,
  ButtonLink,
  LinesSkeleton,
  Muted,
  PageMeta,
  PageStack,
  paths,
  Section,
  selectUser,
  useLoad,
  useSessionStore,
} from 'shared-lib';
import { fetchPlacedOrder } from '../features/order-confirmation/api/fetch-placed-order';
import { OrderConfirmation } from '../features/order-confirmation/components/OrderConfirmation';

const ORDERS = `${paths.account}?tab=orders`;

export default function OrderConfirmationPage() {
  const [params] = useSearchParams();
  const orderId = params.get('order') ?? '';
  const email = useSessionStore(selectUser)?.email ?? null;
  const loaded = useLoad((signal) => fetchPlacedOrder(orderId, signal), [orderId], {
    context: 'confirmation',
  });

  return (
    <Section>
      <PageMeta title="Order confirmation" />
      <PageStack>
        {loaded.state === 'ready' && loaded.data ? (
          <OrderConfirmation placed={loaded.data} email={email} />
        ) : (
          <h1>Order confirmation</h1>
        )}
        {loaded.state === 'loading' ? <LinesSkeleton lines={6} /> : null}
        {loaded.state === 'failed' ? (
          <>
            <p role="alert">
              <strong>Your order is placed, but its details could not be loaded.</strong>{' '}
              {loaded.error.message}
            </p>
            <ActionRow>
              <Button onClick={loaded.retry}>Retry</Button>
              <ButtonLink to={ORDERS} $variant="outline">
                Your orders
              </ButtonLink>
            </ActionRow>
          </>
        ) : null}
        {loaded.state === 'ready' && !loaded.data ? (
          <>
            <Muted>There is no such order in your account. Your orders are listed under My Account.</Muted>
            <ActionRow>
              <ButtonLink to={ORDERS}>Your orders</ButtonLink>
            </ActionRow>
          </>
        ) : null}
      </PageStack>
    </Section>
  );
}
