import {
  CODE_DISCOUNT_PERCENT,
  discountHint,
  discountPercent,
  priceCart,
  toCents,
  VOLUME_TIERS,
  volumeDiscount,
} from '../pricing';

const cart = (count: number, price = 100) => Array.from({ length: count }, () => ({ price }));
const CODE = 'ADA1B2C3D';

describe('volume tiers', () => {
  it('are the spec’s tiers, contiguous from 1 item up', () => {
    expect(VOLUME_TIERS.map((t) => [t.min, t.max, t.percent, t.freeAftercare])).toEqual([
      [1, 2, 0, false],
      [3, 4, 10, false],
      [5, 6, 15, false],
      [7, 9, 20, false],
      [10, Infinity, 25, true],
    ]);
    VOLUME_TIERS.slice(1).forEach((tier, i) => expect(tier.min).toBe(VOLUME_TIERS[i]!.max + 1));
    expect(CODE_DISCOUNT_PERCENT).toBe(10);
  });

  it.each([
    [0, 0, false],
    [1, 0, false],
    [2, 0, false],
    [3, 10, false],
    [4, 10, false],
    [5, 15, false],
    [6, 15, false],
    [7, 20, false],
    [9, 20, false],
    [10, 25, true],
    [13, 25, true],
  ])('%i items: %i%% by volume, free aftercare %s', (count, percent, freeAftercare) => {
    expect(volumeDiscount(count)).toEqual({ percent, freeAftercare });
  });
});

describe('discountPercent: the larger of tier and code', () => {
  it.each([
    // count, without a code, with a code
    [0, 0, 0], // no items, no discount, even with a code
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
    expect(discountPercent(count, true)).toBe(withCode);
  });
});

describe('priceCart at every tier boundary', () => {
  // 100 euros each, so the discount in euros equals the percent times the count.
  it.each([
    [0, null, 0, 'none', false],
    [0, CODE, 0, 'none', false],
    [1, null, 0, 'none', false],
    [1, CODE, 10, 'code', false],
    [2, null, 0, 'none', false],
    [2, CODE, 10, 'code', false],
    [3, null, 10, 'volume', false],
    [3, CODE, 10, 'volume', false],
    [4, null, 10, 'volume', false],
    [4, CODE, 10, 'volume', false],
    [5, null, 15, 'volume', false],
    [5, CODE, 15, 'volume', false],
    [6, null, 15, 'volume', false],
    [6, CODE, 15, 'volume', false],
    [7, null, 20, 'volume', false],
    [7, CODE, 20, 'volume', false],
    [9, null, 20, 'volume', false],
    [9, CODE, 20, 'volume', false],
    [10, null, 25, 'volume', true],
    [10, CODE, 25, 'volume', true],
    [13, null, 25, 'volume', true],
    [13, CODE, 25, 'volume', true],
  ] as const)('%i items, code %s: %i%% (%s), aftercare %s', (count, code, percent, source, freeAftercare) => {
    const subtotal = count * 100;
    expect(priceCart(cart(count), code)).toEqual({
      count,
      subtotal,
      discountPercent: percent,
      discountAmount: count * percent,
      total: subtotal - count * percent,
      freeAftercare,
      source,
    });
  });

  it('treats an empty or blank code as no code', () => {
    expect(priceCart(cart(1), '')).toMatchObject({ discountPercent: 0, source: 'none' });
    expect(priceCart(cart(1), '   ')).toMatchObject({ discountPercent: 0, source: 'none' });
  });

  it('prices the catalogue’s own prices: total = subtotal × (1 − discount)', () => {
    expect(priceCart([{ price: 899 }, { price: 499 }, { price: 699 }], null)).toMatchObject({
      subtotal: 2097,
      discountPercent: 10,
      discountAmount: 209.7,
      total: 1887.3,
      source: 'volume',
    });
    expect(priceCart([{ price: 899 }], CODE)).toMatchObject({ total: 809.1, discountAmount: 89.9 });
    expect(
      priceCart([{ price: 1799 }, { price: 999 }, { price: 499 }, { price: 349 }, { price: 449 }], CODE),
    ).toMatchObject({
      subtotal: 4095,
      discountPercent: 15,
      discountAmount: 614.25,
      total: 3480.75,
    });
  });
});

describe('rounding to cents', () => {
  it('rounds a half cent of the total up, as place_order() stores it', () => {
    // 3 × €0.05 = 15 cents; 10% off leaves 13.5 cents -> 14.
    expect(priceCart(cart(3, 0.05), null)).toMatchObject({
      subtotal: 0.15,
      total: 0.14,
      discountAmount: 0.01,
    });
    // 4 × €0.01 + €0.06 = 10 cents; 15% off leaves 8.5 cents -> 9.
    expect(priceCart([...cart(4, 0.01), { price: 0.06 }], null)).toMatchObject({
      subtotal: 0.1,
      total: 0.09,
      discountAmount: 0.01,
    });
    // 1 × €0.05 with a code: 4.5 cents -> 5, so the code takes nothing off.
    expect(priceCart(cart(1, 0.05), CODE)).toMatchObject({ total: 0.05, discountAmount: 0 });
  });

  it('rounds below half a cent down', () => {
    // 7 × €349.99 = €2449.93; 20% off leaves 1959.944 -> €1959.94.
    expect(priceCart(cart(7, 349.99), null)).toMatchObject({
      subtotal: 2449.93,
      total: 1959.94,
      discountAmount: 489.99,
    });
  });

  it('absorbs binary noise in euro prices', () => {
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(349.99)).toBe(34999);
    expect(toCents(1.005)).toBe(100); // 1.005 is 1.00499999… in binary; prices come from the catalogue anyway
    expect(priceCart([{ price: 0.1 }, { price: 0.2 }], null).subtotal).toBe(0.3);
  });

  it('matches integer-cent arithmetic with round-half-up for many carts', () => {
    // A small deterministic generator (LCG), so a failure is reproducible.
    let seed = 42;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31);
    for (let run = 0; run < 500; run += 1) {
      const count = next() % 14;
      const cents = Array.from({ length: count }, () => next() % 300_000);
      const code = next() % 2 === 0 ? CODE : null;
      const priced = priceCart(
        cents.map((c) => ({ price: c / 100 })),
        code,
      );
      const subtotal = BigInt(cents.reduce((a, b) => a + b, 0));
      const percent = BigInt(discountPercent(count, code !== null));
      const total = (subtotal * (100n - percent) + 50n) / 100n; // BigInt division truncates: floor for >= 0
      expect(toCents(priced.subtotal)).toBe(Number(subtotal));
      expect(toCents(priced.total)).toBe(Number(total));
      expect(toCents(priced.discountAmount)).toBe(Number(subtotal - total));
      expect(priced.total * 100).toBeCloseTo(Number(total), 6);
    }
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
