// Cart pricing: volume tiers by item count, a newsletter code worth at least 10%, the larger discount wins.
// Amounts are computed in integer cents and rounded half up, exactly as place_order() stores them, so the
// total a customer sees is the total the order records.

export interface VolumeTier {
  readonly min: number;
  readonly max: number;
  readonly percent: number;
  /** The 10+ tier adds a free aftercare check-up. */
  readonly freeAftercare: boolean;
}

export const VOLUME_TIERS: readonly VolumeTier[] = [
  { min: 1, max: 2, percent: 0, freeAftercare: false },
  { min: 3, max: 4, percent: 10, freeAftercare: false },
  { min: 5, max: 6, percent: 15, freeAftercare: false },
  { min: 7, max: 9, percent: 20, freeAftercare: false },
  { min: 10, max: Number.POSITIVE_INFINITY, percent: 25, freeAftercare: true },
];

/** What an applied newsletter discount code is worth at least. */
export const CODE_DISCOUNT_PERCENT = 10;

export function volumeDiscount(count: number): { percent: number; freeAftercare: boolean } {
  const tier = VOLUME_TIERS.find((t) => count >= t.min && count <= t.max);
  return tier
    ? { percent: tier.percent, freeAftercare: tier.freeAftercare }
    : { percent: 0, freeAftercare: false };
}

/** The discount that applies: the larger of the volume tier and an applied code. An empty cart gets none. */
export function discountPercent(count: number, hasCode: boolean): number {
  if (count <= 0) return 0;
  return Math.max(volumeDiscount(count).percent, hasCode ? CODE_DISCOUNT_PERCENT : 0);
}

export interface PricedCart {
  count: number;
  /** Euros. */
  subtotal: number;
  discountPercent: number;
  /** Euros, rounded to cents. */
  discountAmount: number;
  /** Euros, rounded to cents. */
  total: number;
  freeAftercare: boolean;
  /** Which rule gave the discount: 'code' only when the code beats the volume tier (a tie is 'volume'). */
  source: 'none' | 'volume' | 'code';
}

/** Euros to integer cents; the rounding absorbs binary noise such as 349.99 × 100 = 34998.999…. */
export const toCents = (euros: number): number => Math.round(euros * 100);

/**
 * The cart's price with the applied code (null, or blank, for none). Every amount is a whole number of cents
 * expressed in euros, and discountAmount + total = subtotal exactly.
 */
export function priceCart(items: readonly { price: number }[], appliedCode: string | null): PricedCart {
  const count = items.length;
  const subtotalCents = items.reduce((sum, item) => sum + toCents(item.price), 0);
  const volume = volumeDiscount(count);
  const percent = discountPercent(count, Boolean(appliedCode?.trim()));
  // total = subtotal × (1 − discount), rounded half up to the cent in integer arithmetic, as place_order() does
  // with floor(x / 100.0 + 0.5); the discount is whatever was taken off, so the two always add up.
  const totalCents = Math.floor((subtotalCents * (100 - percent) + 50) / 100);
  return {
    count,
    subtotal: subtotalCents / 100,
    discountPercent: percent,
    discountAmount: (subtotalCents - totalCents) / 100,
    total: totalCents / 100,
    freeAftercare: volume.freeAftercare,
    source: percent === 0 ? 'none' : percent > volume.percent ? 'code' : 'volume',
  };
}

/**
 * The nudge towards the next tier: under 3 items 'Add 3+ services for 10% off', then how many more reach the
 * next tier (counted, so 4 items says 'Add 1 more for 15% off'), none from 10 items on.
 */
export function discountHint(count: number): string | null {
  if (count < 3) return 'Add 3+ services for 10% off';
  const next = VOLUME_TIERS.find((t) => t.min > count);
  if (!next) return null;
  const more = next.min - count;
  return `Add ${more} more for ${next.percent}% off${next.freeAftercare ? ' + FREE aftercare' : ''}`;
}

/**
 * The VAT contained in a gross amount (catalogue prices include VAT: shared-lib's company file), in cents,
 * rounded half up, in integers as private.vat_contained computes it for invoices (a backend test compares them).
 */
export function vatContained(grossCents: number, ratePercent: number): number {
  const rate = Math.round(ratePercent * 100);
  return Math.floor((grossCents * rate * 2 + (10000 + rate)) / (2 * (10000 + rate)));
}
