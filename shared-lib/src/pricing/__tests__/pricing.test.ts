import { discountHint, discountPercent, priceCart, volumeDiscount } from '../pricing';

const cart = (count: number, price = 100) => Array.from({ length: count }, () => ({ price }));

describe('volume tiers', () => {
  it.each([
    [0, 0, 10],
    [1, 0, 10],
    [2, 0, 10],
    [3, 10, 10],
    [4, 10, 10],
    [5, 15, 15],
    [6, 15, 15],
    [7, 20, 20],
    [9, 20, 20],
    [10, 25, 25],
    [13, 25, 25],
  ])('%i items: %i%% without a code, %i%% with one', (count, without, withCode) => {
    expect(discountPercent(count, false)).toBe(without);
    expect(discountPercent(count, true)).toBe(count === 0 ? 0 : withCode);
  });

  it('adds the free aftercare check-up from 10 items', () => {
    expect(volumeDiscount(9).freeAftercare).toBe(false);
    expect(volumeDiscount(10).freeAftercare).toBe(true);
    expect(priceCart(cart(13), null).freeAftercare).toBe(true);
  });
});

describe('priceCart', () => {
  it('prices an empty cart at zero', () => {
    expect(priceCart([], 'CODE')).toEqual({
      count: 0,
      subtotal: 0,
      discountPercent: 0,
      discountAmount: 0,
      total: 0,
      freeAftercare: false,
      source: 'none',
    });
  });

  it('applies total = subtotal × (1 − discount)', () => {
    const priced = priceCart([{ price: 899 }, { price: 499 }, { price: 699 }], null);
    expect(priced).toMatchObject({
      subtotal: 2097,
      discountPercent: 10,
      discountAmount: 209.7,
      total: 1887.3,
      source: 'volume',
    });
  });

  it('lets a code give 10% to a small cart, and the larger discount win', () => {
    expect(priceCart([{ price: 899 }], 'ADA1B2C3D')).toMatchObject({
      discountPercent: 10,
      total: 809.1,
      source: 'code',
    });
    expect(priceCart(cart(5), 'ADA1B2C3D')).toMatchObject({
      discountPercent: 15,
      total: 425,
      source: 'volume',
    });
  });

  it('rounds half a cent up, as the order records it', () => {
    // 3 × 0.05 = 0.15; 10% off leaves 0.135, which is 14 cents.
    expect(priceCart(cart(3, 0.05), null)).toMatchObject({ total: 0.14, discountAmount: 0.01 });
    // 7 × 349.99 = 2449.93; 20% off leaves 1959.944 -> 1959.94.
    expect(priceCart(cart(7, 349.99), null)).toMatchObject({
      subtotal: 2449.93,
      total: 1959.94,
      discountAmount: 489.99,
    });
  });
});

describe('discountHint', () => {
  it.each([
    [0, 'Add 3+ services for 10% off'],
    [1, 'Add 3+ services for 10% off'],
    [2, 'Add 3+ services for 10% off'],
    [3, 'Add 2 more for 15% off'],
    [4, 'Add 1 more for 15% off'],
    [5, 'Add 2 more for 20% off'],
    [6, 'Add 1 more for 20% off'],
    [7, 'Add 3 more for 25% off + FREE aftercare'],
    [8, 'Add 2 more for 25% off + FREE aftercare'],
    [9, 'Add 1 more for 25% off + FREE aftercare'],
    [10, null],
    [13, null],
  ])('%i items: %s', (count, hint) => {
    expect(discountHint(count)).toBe(hint);
  });
});
