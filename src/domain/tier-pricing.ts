import type { Tier } from '../scenarios/scenario-schema.js';
import { toSatang, type Satang } from '../lib/money.js';

export interface ActiveTier {
  minTrailingYearQty: number;
  unitPrice: Satang;
}

/** The tier with the highest `minTrailingYearQty` the account has reached. */
export function activeTier(tiers: readonly Tier[], trailingYearQty: number): ActiveTier {
  let best: Tier | undefined;
  for (const tier of tiers) {
    if (tier.minTrailingYearQty <= trailingYearQty && (!best || tier.minTrailingYearQty > best.minTrailingYearQty)) {
      best = tier;
    }
  }
  if (!best) throw new Error('a product has no tier with minTrailingYearQty 0');
  return { minTrailingYearQty: best.minTrailingYearQty, unitPrice: toSatang(best.unitPriceThb) };
}

export const TRAILING_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** eSIMs ordered in the 365 days up to `now`, plus the account's baseline. */
export function trailingYearQty<Order extends { createdAt: number; quantity: number }>(
  orders: Iterable<Order>,
  now: number,
  baseline: number,
  counts: (order: Order) => boolean = () => true,
): number {
  return trailingYearWindow(orders, now, baseline, counts).qty;
}

/**
 * `trailingYearQty` at `now`, and the first time after it at which the same orders give another figure (an
 * order entering the year or leaving it): until then, the figure holds.
 */
export function trailingYearWindow<Order extends { createdAt: number; quantity: number }>(
  orders: Iterable<Order>,
  now: number,
  baseline: number,
  counts: (order: Order) => boolean = () => true,
): { qty: number; until: number } {
  let qty = baseline;
  let until = Number.POSITIVE_INFINITY;
  for (const order of orders) {
    if (!counts(order)) continue;
    if (order.createdAt > now) until = Math.min(until, order.createdAt);
    else if (order.createdAt > now - TRAILING_YEAR_MS) {
      qty += order.quantity;
      until = Math.min(until, order.createdAt + TRAILING_YEAR_MS);
    }
  }
  return { qty, until };
}
