// The cart on a phone (below 40em) is a full-height drawer: modal, with a backdrop, focus kept inside, Escape,
// the backdrop and its close button all closing it with focus back on the cart button. Wide screens keep the
// spec's dropdown.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useCartStore, useSessionStore } from 'shared-lib';
import { getServiceById, toCartItem } from 'shared-lib/catalogue';
import { mockViewportWidth, renderSuspended, resetStores } from 'shared-lib/src/testing';
import CartButton from '../CartButton';

// Each test types through a lazily loaded panel; on a machine busy with builds that can take over 5 s.
jest.setTimeout(20_000);

let restoreViewport: () => void;
const setViewport = (width: number) => {
  restoreViewport = mockViewportWidth(width);
};

beforeEach(() => {
  useSessionStore.getState().setSession(null);
  useCartStore.getState().add(toCartItem(getServiceById('smart-website')!));
});
afterEach(() => {
  restoreViewport();
  resetStores();
});

async function openCart() {
  await renderSuspended(
    <>
      <a href="/before">Before the cart</a>
      <CartButton />
      <a href="/after">After the cart</a>
    </>,
  );
  const button = screen.getByRole('button', { name: 'Cart, 1 item' });
  await userEvent.click(button);
  // The panel's code loads on first open (a lazy import), which takes a while on a busy machine.
  const panel = await screen.findByRole('dialog', { name: 'Your Cart' }, { timeout: 5000 });
  return { button, panel };
}

describe('at 375 px', () => {
  beforeEach(() => setViewport(375));

  it('opens as a modal drawer over a backdrop, and locks the page behind it', async () => {
    const { panel } = await openCart();
    expect(panel).toHaveAttribute('aria-modal', 'true');
    expect(panel).toHaveFocus();
    expect(screen.getByTestId('cart-backdrop')).toBeInTheDocument();
    expect(document.body).toHaveStyle({ overflow: 'hidden' });
    await userEvent.keyboard('{Escape}');
    expect(document.body).not.toHaveStyle({ overflow: 'hidden' });
  });

  it('keeps Tab and Shift+Tab inside the drawer', async () => {
    const { panel } = await openCart();
    const close = within(panel).getByRole('button', { name: 'Close cart' });
    const checkout = within(panel).getByRole('link', { name: 'Go to Checkout' });
    await userEvent.tab();
    expect(close).toHaveFocus();
    checkout.focus();
    await userEvent.tab();
    expect(close).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(checkout).toHaveFocus();
    expect(screen.getByRole('dialog', { name: 'Your Cart' })).toBeInTheDocument();
  });

  it.each([
    ['Escape', () => userEvent.keyboard('{Escape}')],
    ['a tap on the backdrop', () => userEvent.click(screen.getByTestId('cart-backdrop'))],
    ['its close button', () => userEvent.click(screen.getByRole('button', { name: 'Close cart' }))],
  ])('closes on %s and returns focus to the cart button', async (_how, act) => {
    const { button } = await openCart();
    await act();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByTestId('cart-backdrop')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });
});

describe('at 1280 px', () => {
  beforeEach(() => setViewport(1280));

  it('stays the dropdown: no backdrop, not modal, no close button, and tabbing past it closes it', async () => {
    const { panel } = await openCart();
    expect(panel).not.toHaveAttribute('aria-modal');
    expect(screen.queryByTestId('cart-backdrop')).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Close cart' })).not.toBeInTheDocument();
    expect(document.body).not.toHaveStyle({ overflow: 'hidden' });
    within(panel).getByRole('link', { name: 'Go to Checkout' }).focus();
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'After the cart' })).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
