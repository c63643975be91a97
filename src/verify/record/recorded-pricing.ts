import { trailingYearWindow } from '../../domain/tier-pricing.js';
import type { RecordedProduct } from './recorded-catalog.js';
import type { RecordedOrder } from './recorded-history.js';

/**
 * The account's `trailingYearQtyBaseline`: enough eSIMs, on top of the recorded orders of the trailing year
 * at the scenario's start, for the highest tier the key was shown to be active. Each product's own tiers
 * stop at its active one, so every product shows the tier and price it was seen with.
 */
export function recordedBaseline(products: readonly RecordedProduct[], orders: readonly RecordedOrder[], start: number): number {
  const highestTier = Math.max(0, ...products.filter((product) => product.active !== false).flatMap((product) => product.tiers.map((tier) => tier.minTrailingYearQty)));
  const { qty: ordered } = trailingYearWindow(
    orders.map((order) => ({ createdAt: Date.parse(order.createdAt), quantity: order.quantity, status: order.status ?? 'confirmed' })),
    start,
    0,
    (order) => order.status !== 'failed',
  );
  return Math.max(0, highestTier - ordered);
}
