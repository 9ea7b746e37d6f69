import { act, render, screen } from '@testing-library/react';
import { DesignProvider } from '../../ui/providers';
import { LiveRegion } from '../../ui/live-region';
import { announce, useAnnouncerStore } from '../announcer';
import { cartChangeMessage, useCartStore, type CartItem } from '../cart';

const item = (id: string, title = id, price = 100): CartItem => ({
  id,
  title,
  price,
  icon: 'globe',
  path: '',
});

afterEach(() => {
  useAnnouncerStore.setState({ current: null });
  useCartStore.setState({ items: [], appliedCode: null });
  localStorage.clear();
});

const renderRegion = () =>
  render(
    <DesignProvider>
      <LiveRegion />
    </DesignProvider>,
  );

describe('the live region', () => {
  it('is on the page, polite and empty, before anything is announced', () => {
    renderRegion();
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toBeEmptyDOMElement();
  });

  it('shows each announcement as a new node, so the same sentence twice is read twice', () => {
    renderRegion();
    act(() => announce('Discount code applied! 🎉'));
    const first = screen.getByText('Discount code applied! 🎉');
    act(() => announce('Discount code applied! 🎉'));
    const second = screen.getByText('Discount code applied! 🎉');
    expect(second).not.toBe(first);
    expect(first).not.toBeInTheDocument();
  });

  it('ignores blank messages', () => {
    renderRegion();
    act(() => announce('  '));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});

describe('cart change announcements', () => {
  it('says what changed, the count, the discount and the spec hint', () => {
    const three = [item('a'), item('b'), item('smart-website', 'Smart Website')];
    expect(cartChangeMessage('Smart Website', true, three, null)).toBe(
      'Smart Website added. Cart: 3 items, 10% discount. Add 2 more for 15% off',
    );
    expect(cartChangeMessage('Smart Website', true, [item('a')], null)).toBe(
      'Smart Website added. Cart: 1 item. Add 3+ services for 10% off',
    );
    expect(cartChangeMessage('Smart Website', true, [item('a')], 'ANN123ABC')).toBe(
      'Smart Website added. Cart: 1 item, 10% discount. Add 3+ services for 10% off',
    );
    expect(cartChangeMessage('Smart Website', false, [], null)).toBe(
      'Smart Website removed. Your cart is empty',
    );
    const ten = Array.from({ length: 10 }, (_, i) => item(`s${i}`));
    expect(cartChangeMessage('S9', true, ten, null)).toBe(
      'S9 added. Cart: 10 items, 25% discount + FREE aftercare.',
    );
  });

  it('announces the visitor’s add, remove and toggle, not a cart loaded from elsewhere', () => {
    const { add, remove, toggle, replace } = useCartStore.getState();
    add(item('a', 'Alpha'));
    expect(useAnnouncerStore.getState().current?.message).toBe(
      'Alpha added. Cart: 1 item. Add 3+ services for 10% off',
    );
    add(item('a', 'Alpha'));
    const afterDuplicate = useAnnouncerStore.getState().current;
    expect(afterDuplicate?.message).toBe('Alpha added. Cart: 1 item. Add 3+ services for 10% off');
    toggle(item('b', 'Beta'));
    expect(useAnnouncerStore.getState().current?.message).toMatch(/^Beta added\. Cart: 2 items\./);
    toggle(item('b', 'Beta'));
    expect(useAnnouncerStore.getState().current?.message).toMatch(/^Beta removed\. Cart: 1 item\./);
    remove('a');
    expect(useAnnouncerStore.getState().current?.message).toBe('Alpha removed. Your cart is empty');
    const before = useAnnouncerStore.getState().current;
    replace([item('c'), item('d')]);
    remove('missing');
    expect(useAnnouncerStore.getState().current).toBe(before);
    expect(useCartStore.getState().items.map((i) => i.id)).toEqual(['c', 'd']);
  });
});
