import type { AccountRecord, ProductRecord } from '../state/records.js';
import { isCharged } from '../state/records.js';
import type { Store } from '../state/store.js';
import { activeTier, trailingYearWindow, type ActiveTier } from './tier-pricing.js';

/** The account's own tiers for a product where it has them, else the product's. */
export function tiersFor(account: AccountRecord, product: ProductRecord) {
  return account.tierOverrides[product.id] ?? product.tiers;
}

/** An account's trailing-year figure as last counted: at which orders revision, from when, until when it holds. */
export interface CountedQty {
  revision: number;
  from: number;
  until: number;
  qty: number;
}

/** The figures of one sandbox's accounts as last counted, by account id. */
export type TrailingYearCounts = Map<string, CountedQty>;

/**
 * The eSIMs an account ordered in the year up to `now` (failed orders aside), plus its baseline. Counted again
 * only when an order was stored or changed, or the clock left the span the last count holds for: counted on
 * every call, getProducts read every order of the account (linear in its orders). Without `counts` (building a
 * state, where each order placed moves the revision anyway), counted every time.
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
