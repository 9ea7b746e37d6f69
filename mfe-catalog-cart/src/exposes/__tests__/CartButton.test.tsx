import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAnnouncerStore, useCartStore, useSessionStore } from 'shared-lib';
import { getServiceById, toCartItem } from 'shared-lib/catalogue';
import { definitionOf, mockViewportWidth, renderSuspended, resetStores } from 'shared-lib/src/testing';
import CartButton from '../CartButton';

const add = (...ids: string[]) =>
  ids.forEach((id) => useCartStore.getState().add(toCartItem(getServiceById(id)!)));

// The spec's dropdown, as on a wide screen (CartDrawer.test.tsx covers the phone's drawer).
let restoreViewport: () => void;
beforeEach(() => {
  restoreViewport = mockViewportWidth(1280);
  useSessionStore.getState().setSession(null);
});
afterEach(() => {
  restoreViewport();
  resetStores();
});

it('shows an empty cart with a way to browse services', async () => {
  await renderSuspended(<CartButton />);
  const button = screen.getByRole('button', { name: 'Cart, 0 items' });
  await userEvent.click(button);
  expect(button).toHaveAttribute('aria-expanded', 'true');
  const panel = await screen.findByRole('dialog', { name: 'Your Cart' });
  expect(within(panel).getByText('Your cart is empty')).toBeInTheDocument();
  expect(within(panel).getByRole('link', { name: 'Browse Services' })).toHaveAttribute(
    'href',
    '/how-we-work',
  );
});

it('lists one item linking to its page, with a raw subtotal, a 2-decimal total and no discount line', async () => {
  add('smart-website');
  await renderSuspended(<CartButton />);
  await userEvent.click(screen.getByRole('button', { name: 'Cart, 1 item' }));
  const panel = await screen.findByRole('dialog', { name: 'Your Cart' });
  expect(within(panel).getByRole('link', { name: 'Smart Website' })).toHaveAttribute(
    'href',
    '/services/ai-website-building',
  );
  expect(definitionOf(panel, 'Subtotal')).toHaveTextContent('€899');
  expect(definitionOf(panel, 'Total')).toHaveTextContent('€899.00');
  expect(within(panel).queryByText(/Discount/)).not.toBeInTheDocument();
  expect(within(panel).getByText('Add 3+ services for 10% off')).toBeInTheDocument();
  expect(within(panel).getByRole('link', { name: 'Go to Checkout' })).toHaveAttribute('href', '/checkout');
});

it('shows the discount line and the next tier for 7 services', async () => {
  add(
    'smart-website',
    'product-photos',
    'personal-assistant',
    'brand-creator',
    'content-maker',
    'social-manager',
    'chat-helper',
  );
  await renderSuspended(<CartButton />);
  await userEvent.click(screen.getByRole('button', { name: 'Cart, 7 items' }));
  const panel = await screen.findByRole('dialog', { name: 'Your Cart' });
  // One money format (beyond the spec, #45.7: the spec's panel showed the subtotal raw).
  expect(definitionOf(panel, 'Subtotal')).toHaveTextContent('€4,143.00');
  expect(definitionOf(panel, 'Discount (20%)')).toHaveTextContent('-€828.60');
  expect(definitionOf(panel, 'Total')).toHaveTextContent('€3,314.40');
  expect(within(panel).getByText('Add 3 more for 25% off + FREE aftercare')).toBeInTheDocument();
  await userEvent.click(within(panel).getByRole('button', { name: 'Remove Chat Helper from cart' }));
  expect(screen.getByRole('button', { name: 'Cart, 6 items' })).toBeInTheDocument();
});

it('closes on Escape, returning focus to the button, and on a click outside', async () => {
  await renderSuspended(
    <>
      <p>Outside</p>
      <CartButton />
    </>,
  );
  const button = screen.getByRole('button', { name: 'Cart, 0 items' });
  await userEvent.click(button);
  expect(await screen.findByRole('dialog', { name: 'Your Cart' })).toHaveFocus();
  await userEvent.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(button).toHaveFocus();
  await userEvent.click(button);
  await userEvent.click(screen.getByText('Outside'));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

it('is keyboard operable and closes once focus tabs past the panel', async () => {
  await renderSuspended(
    <>
      <CartButton />
      <button type="button">After</button>
    </>,
  );
  await userEvent.tab();
  const button = screen.getByRole('button', { name: 'Cart, 0 items' });
  expect(button).toHaveFocus();
  await userEvent.keyboard('{Enter}');
  const panel = await screen.findByRole('dialog', { name: 'Your Cart' });
  expect(button).toHaveAttribute('aria-controls', panel.id);
  await userEvent.tab();
  expect(within(panel).getByRole('link', { name: 'Browse Services' })).toHaveFocus();
  await userEvent.tab();
  expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(button).toHaveAttribute('aria-expanded', 'false');
});

it('after a removal moves focus to the next line, the previous for the last, then Browse Services', async () => {
  const user = userEvent.setup();
  add('smart-website', 'product-photos', 'personal-assistant');
  await renderSuspended(<CartButton />);
  await user.click(screen.getByRole('button', { name: 'Cart, 3 items' }));
  const panel = await screen.findByRole('dialog', { name: 'Your Cart' });
  await user.click(within(panel).getByRole('button', { name: 'Remove Smart Website from cart' }));
  expect(within(panel).getByRole('button', { name: 'Remove Product Photos from cart' })).toHaveFocus();
  expect(useAnnouncerStore.getState().current?.message).toBe(
    'Smart Website removed. Cart: 2 items. Add 3+ services for 10% off',
  );
  await user.click(within(panel).getByRole('button', { name: 'Remove Personal Assistant from cart' }));
  expect(within(panel).getByRole('button', { name: 'Remove Product Photos from cart' })).toHaveFocus();
  await user.click(within(panel).getByRole('button', { name: 'Remove Product Photos from cart' }));
  expect(within(panel).getByRole('link', { name: 'Browse Services' })).toHaveFocus();
  // The panel stays open for the next step.
  expect(screen.getByRole('button', { name: 'Cart, 0 items' })).toHaveAttribute('aria-expanded', 'true');
});
