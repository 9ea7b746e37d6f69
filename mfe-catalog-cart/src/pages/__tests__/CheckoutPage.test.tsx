import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useCartStore } from 'shared-lib';
import { getServiceById, toCartItem } from 'shared-lib/catalogue';
import { createTestSupabase, definitionOf, json, renderSuspended, resetStores } from 'shared-lib/src/testing';
import CheckoutPage, { PAYMENT_NOTICE } from '../CheckoutPage';

const add = (...ids: string[]) =>
  ids.forEach((id) => useCartStore.getState().add(toCartItem(getServiceById(id)!)));
const calls: string[] = [];

beforeEach(() => {
  calls.length = 0;
  createTestSupabase(async (url, init) => {
    calls.push(url.pathname);
    if (url.pathname === '/rest/v1/rpc/validate_discount_code') {
      const { code } = JSON.parse(String(init.body)) as { code: string };
      return json(code === 'ADA1B2C3D');
    }
    if (url.pathname === '/rest/v1/rpc/replace_cart') return new Response(null, { status: 204 });
    if (url.pathname === '/rest/v1/rpc/place_order') {
      expect(JSON.parse(String(init.body))).toEqual({ discount_code: 'ADA1B2C3D' });
      return json('9b1c2d3e-0000-4000-8000-000000000001');
    }
    throw new Error(`unexpected ${url.pathname}`);
  });
});
afterEach(resetStores);

it('offers no checkout for an empty cart', async () => {
  await renderSuspended(<CheckoutPage />, { route: '/checkout' });
  expect(screen.getByText('Your cart is empty')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Complete Purchase' })).not.toBeInTheDocument();
});

it('summarises subtotal, discount percent and amount, and total', async () => {
  add('smart-website', 'product-photos', 'personal-assistant');
  await renderSuspended(<CheckoutPage />, { route: '/checkout' });
  const summary = screen.getByRole('region', { name: 'Order summary' });
  expect(definitionOf(summary, 'Subtotal')).toHaveTextContent('€2,097.00');
  expect(definitionOf(summary, 'Discount (10%)')).toHaveTextContent('-€209.70');
  expect(definitionOf(summary, 'Total')).toHaveTextContent('€1,887.30');
});

it('refuses an invalid code, applies a valid one in upper case, then locks the box', async () => {
  add('smart-website');
  await renderSuspended(<CheckoutPage />, { route: '/checkout' });
  const input = screen.getByLabelText('Discount code');
  const apply = screen.getByRole('button', { name: 'Apply' });
  expect(apply).toBeDisabled();
  await userEvent.type(input, 'nope');
  expect(input).toHaveValue('NOPE');
  await userEvent.click(apply);
  expect(await screen.findByText('Invalid discount code')).toBeInTheDocument();
  await userEvent.clear(input);
  await userEvent.type(input, 'ada1b2c3d');
  await userEvent.click(apply);
  expect(await screen.findByText('Discount code applied! 🎉')).toBeInTheDocument();
  expect(screen.getByLabelText('Discount code')).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
  expect(screen.getByText(/ADA1B2C3D applied/)).toBeInTheDocument();
  expect(screen.getByText('Discount (10%)')).toBeInTheDocument();
});

it('places the order priced by the server, alerts about payments, clears the cart and goes home', async () => {
  const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
  add('smart-website');
  useCartStore.getState().applyCode('ADA1B2C3D');
  await renderSuspended(<CheckoutPage />, { route: '/checkout' });
  await userEvent.click(screen.getByRole('button', { name: 'Complete Purchase' }));
  await screen.findByText('/', { selector: '[data-testid="location"]' });
  expect(calls).toEqual(['/rest/v1/rpc/replace_cart', '/rest/v1/rpc/place_order']);
  expect(alert).toHaveBeenCalledWith(PAYMENT_NOTICE);
  expect(useCartStore.getState()).toMatchObject({ items: [], appliedCode: null });
  alert.mockRestore();
});

it('keeps the cart and says why when the order cannot be placed', async () => {
  const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
  createTestSupabase(async (url) => {
    if (url.pathname === '/rest/v1/rpc/replace_cart') return new Response(null, { status: 204 });
    if (url.pathname === '/rest/v1/rpc/place_order') {
      return json({ code: 'P0001', message: 'The cart is empty', details: null, hint: null }, 400);
    }
    throw new Error(`unexpected ${url.pathname}`);
  });
  add('smart-website');
  await renderSuspended(<CheckoutPage />, { route: '/checkout' });
  await userEvent.click(screen.getByRole('button', { name: 'Complete Purchase' }));
  expect(await screen.findByText('The cart is empty')).toBeInTheDocument();
  expect(alert).not.toHaveBeenCalled();
  expect(useCartStore.getState().items.map((i) => i.id)).toEqual(['smart-website']);
  expect(screen.getByTestId('location')).toHaveTextContent('/checkout');
  expect(screen.getByRole('button', { name: 'Complete Purchase' })).toBeEnabled();
  alert.mockRestore();
});
