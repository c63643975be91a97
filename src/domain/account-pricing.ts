import type { AccountRecord, ProductRecord } from '../state/records.js';
import { isCharged } from '../state/records.js';
import type { Store } from '../state/store.js';
import { activeTier, trailingYearQty, type ActiveTier } from './tier-pricing.js';

/** The account's own tiers for a product where it has them, else the product's. */
export function tiersFor(account: AccountRecord, product: ProductRecord) {
  return account.tierOverrides[product.id] ?? product.tiers;
}

export function accountTrailingYearQty(store: Store, account: AccountRecord, now: number): number {
  return trailingYearQty(store.ordersOf(account.id), now, account.trailingYearQtyBaseline, isCharged);
}

export function accountTier(account: AccountRecord, product: ProductRecord, trailingQty: number): ActiveTier {
  return activeTier(tiersFor(account, product), trailingQty);
}
