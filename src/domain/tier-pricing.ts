import type { Tier } from '../scenarios/scenario-schema.js';
import { toSatang, type Satang } from '../lib/money.js';
import { isCharged, type AccountRecord, type ProductRecord } from '../state/records.js';
import type { Store } from '../state/store.js';

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

/**
 * The eSIMs ordered in the 365 days up to `now`, plus the baseline; `until` is the first time the same orders give
 * another figure (an order entering or leaving the year).
 */
export function trailingYearWindow<Order extends { createdAt: number; quantity: number }>(
  orders: Iterable<Order>,
  now: number,
  baseline: number,
  counts: (order: Order) => boolean,
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

/** The account's own tiers for a product where it has them, else the product's. */
export function tiersFor(account: AccountRecord, product: ProductRecord) {
  return account.tierOverrides[product.id] ?? product.tiers;
}

/** A trailing-year figure as last counted: at which orders revision, from when, until when it holds. */
export interface CountedQty {
  revision: number;
  from: number;
  until: number;
  qty: number;
}

/** By account id. */
export type TrailingYearCounts = Map<string, CountedQty>;

/**
 * Failed orders aside. Counted again only when the orders changed or the clock left the span the last count holds
 * for: counted on every call, getProducts read every order of the account. Without `counts`, counted every time.
 */
export function accountTrailingYearQty(store: Store, account: AccountRecord, now: number, counts?: TrailingYearCounts): number {
  const revision = store.revision('orders');
  const last = counts?.get(account.id);
  if (last !== undefined && last.revision === revision && last.from <= now && now < last.until) return last.qty;
  const { qty, until } = trailingYearWindow(store.ordersOf(account.id), now, account.trailingYearQtyBaseline, isCharged);
  counts?.set(account.id, { revision, from: now, until, qty });
  return qty;
}

export function accountTier(account: AccountRecord, product: ProductRecord, trailingQty: number): ActiveTier {
  return activeTier(tiersFor(account, product), trailingQty);
}
