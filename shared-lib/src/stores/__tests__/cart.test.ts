import { act } from '@testing-library/react';
import {
  CART_STORAGE_KEY,
  selectAppliedCode,
  selectCount,
  selectIsInCart,
  selectItems,
  syncCartAcrossTabs,
  useCartStore,
  type CartItem,
} from '../cart';

const item = (id: string, price = 100): CartItem => ({
  id,
  title: id,
  price,
  icon: 'globe',
  path: `/services/${id}`,
});
const state = () => useCartStore.getState();

afterEach(() => {
  useCartStore.setState({ items: [], appliedCode: null });
  localStorage.clear();
});

describe('cart store', () => {
  it('adds a service once, matched by id', () => {
    state().add(item('a'));
    state().add(item('a', 999));
    expect(selectItems(state())).toEqual([item('a')]);
    expect(selectCount(state())).toBe(1);
  });

  it('removes and toggles by id', () => {
    state().add(item('a'));
    state().add(item('b'));
    state().remove('a');
    expect(selectItems(state()).map((i) => i.id)).toEqual(['b']);
    state().toggle(item('b'));
    state().toggle(item('c'));
    expect(selectItems(state()).map((i) => i.id)).toEqual(['c']);
    expect(selectIsInCart('c')(state())).toBe(true);
    expect(selectIsInCart('b')(state())).toBe(false);
  });

  it('replaces the cart without duplicates and clears it with the code', () => {
    state().replace([item('a'), item('b'), item('a')]);
    expect(selectCount(state())).toBe(2);
    state().applyCode('ADA123456');
    expect(selectAppliedCode(state())).toBe('ADA123456');
    state().clear();
    expect(state()).toMatchObject({ items: [], appliedCode: null });
  });

  it('keeps the items, not the code, in local storage', () => {
    state().add(item('a'));
    state().applyCode('ADA123456');
    const stored = JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!);
    expect(stored.state).toEqual({ items: [item('a')] });
  });

  it('follows a change made in another tab', async () => {
    const stop = syncCartAcrossTabs();
    const otherTab = JSON.stringify({ state: { items: [item('x'), item('y')] }, version: 1 });
    localStorage.setItem(CART_STORAGE_KEY, otherTab);
    await act(async () => {
      window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY, newValue: otherTab }));
    });
    expect(selectItems(state()).map((i) => i.id)).toEqual(['x', 'y']);
    stop();
  });
});
