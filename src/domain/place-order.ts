import type { SandboxContext } from './context.js';
import type { OrderRecord } from '../state/records.js';
import { accountTrailingYearQty, tiersFor } from './tier-pricing.js';
import { ApiError } from './api-error.js';
import type { Caller } from './auth.js';
import { checkOrderAllowed, checkReplay, isKeyLive, priceOrder, type OrderRequest } from './order-rules.js';
import { buildOrder } from './provisioning.js';
import { CLOCK_MAX_MS } from '../contract/clock-range.js';

export interface PlacedOrder {
  order: OrderRecord;
  reused: boolean;
}

/**
 * Places an order, or returns the original one for a repeated idempotency key. Runs on the sandbox's
 * write queue, so two requests with one key never both create an order, and a refused order changes nothing.
 */
export async function placeOrder(
  ctx: SandboxContext,
  { account }: Caller,
  request: OrderRequest,
  now: number,
): Promise<PlacedOrder> {
  const { store, behavior } = ctx;
  const key = request.idempotencyKey;
  const remembered = key === undefined ? undefined : store.idempotencyEntry(account.id, key);
  if (remembered && isKeyLive(remembered, behavior, now)) {
    checkReplay(remembered, request, behavior);
    const original = store.order(remembered.orderId);
    if (original) return { order: original, reused: true };
  }

  const product = store.product(request.productId);
  if (!product || !product.active) {
    throw new ApiError(
      'VALIDATION_ERROR',
      `productId ${request.productId} is not an active product; use an id from /getProducts`,
    );
  }
  const trailingQty = accountTrailingYearQty(store, account, now, ctx.trailingYearCounts);
  const price = priceOrder(tiersFor(account, product), trailingQty, request.quantity);
  const ledger = store.ledger(account.id);
  checkOrderAllowed({
    product,
    quantity: request.quantity,
    stock: store.stock(product.id),
    balance: ledger.topups - ledger.purchases,
    total: price.total,
    behavior,
  });

  const { mode, delayMs } = behavior.provisioning;
  // No later than the clock's last millisecond: a time the clock reaches, and one an exported scenario can write.
  const provisionedAt = mode === 'delayed' ? Math.min(now + delayMs, CLOCK_MAX_MS) : now;
  const order = buildOrder(store, ctx.random, {
    accountId: account.id,
    product,
    quantity: request.quantity,
    price,
    createdAt: now,
    provisionedAt,
    // `processing` until the sandbox clock reaches provisionedAt (Store.provisionDue), then `confirmed`.
    status: provisionedAt > now ? 'processing' : 'confirmed',
    orderSource: 'api',
  });
  const stored = await store.addOrder(order);
  await store.takeFromStock(product.id, order.quantity);
  if (key !== undefined) {
    await store.rememberIdempotencyKey({
      accountId: account.id,
      key,
      orderId: order.id,
      productId: product.id,
      quantity: request.quantity,
      createdAt: now,
    });
  }
  return { order: stored, reused: false };
}
