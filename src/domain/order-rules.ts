import type { Behavior, Tier } from '../scenarios/scenario-schema.js';
import type { IdempotencyRecord, ProductRecord } from '../state/records.js';
import { ApiError } from './api-error.js';
import { toThb, type Satang } from '../lib/money.js';
import { activeTier } from './tier-pricing.js';

export interface OrderRequest {
  productId: string;
  quantity: number;
  idempotencyKey?: string;
  includeQrImages: boolean;
}

export interface OrderPrice {
  unitPrice: Satang;
  total: Satang;
}

/** The price of an order: the unit price of the tier active before it, times the quantity. */
export function priceOrder(tiers: readonly Tier[], trailingYearQty: number, quantity: number): OrderPrice {
  const { unitPrice } = activeTier(tiers, trailingYearQty);
  return { unitPrice, total: unitPrice * quantity };
}

export function isKeyLive(entry: IdempotencyRecord, behavior: Behavior, now: number): boolean {
  return behavior.idempotencyTtlMs === null || now - entry.createdAt < behavior.idempotencyTtlMs;
}

/**
 * A repeated key returns the original order. Sent with a different order, it still does (the spec's
 * literal rule) unless the scenario asks for the 409.
 */
export function checkReplay(entry: IdempotencyRecord, request: OrderRequest, behavior: Behavior): void {
  const same = entry.productId === request.productId && entry.quantity === request.quantity;
  if (!same && behavior.idempotencyMismatch === 'reject') {
    throw new ApiError(
      'IDEMPOTENCY_KEY_MISMATCH',
      `idempotencyKey ${JSON.stringify(entry.key)} was already used for an order of ${entry.quantity} × product ` +
        `${entry.productId}; send a new idempotencyKey for a different order`,
    );
  }
}

export interface OrderChecks {
  product: ProductRecord;
  quantity: number;
  stock: number;
  balance: Satang;
  total: Satang;
  behavior: Behavior;
}

/** What may refuse an order once it is valid: stock, card data, then the wallet. Nothing is charged on refusal. */
export function checkOrderAllowed({ product, quantity, stock, balance, total, behavior }: OrderChecks): void {
  if (stock < quantity) {
    const left = stock === 0 ? 'no eSIMs are left' : `only ${stock} eSIM${stock === 1 ? ' is' : 's are'} left`;
    throw new ApiError('INVENTORY_EMPTY', `eSIM inventory of ${product.sku} cannot cover ${quantity}: ${left}`);
  }
  if (!product.cardDataComplete) {
    throw new ApiError('CARD_DATA_INCOMPLETE', `card data of ${product.sku} is incomplete at the provider; no eSIM could be provisioned`);
  }
  const { mode, status } = behavior.insufficientBalance;
  if (total > balance && mode === 'reject') {
    throw new ApiError(
      'INSUFFICIENT_BALANCE',
      `wallet balance ${toThb(balance).toFixed(2)} THB does not cover the order total ${toThb(total).toFixed(2)} THB; top up the wallet first`,
      { status },
    );
  }
}
