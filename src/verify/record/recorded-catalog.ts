import type { z } from 'zod';
import type { ScenarioSchemas } from '../../scenarios/scenario-schema.js';
import { trailingYearWindow } from '../../domain/tier-pricing.js';
import type { RecordedOrder } from './recorded-history.js';
import { asRecord } from '../exchange.js';
import { nameUuid, records, scenarioId, text, thb, type RecordNotes } from './recorded-values.js';

export type RecordedProvider = z.input<ScenarioSchemas['provider']>;
export type RecordedProduct = z.input<ScenarioSchemas['product']>;

/** eSIMs left of each product the key sees: the API does not show stock, so every listed product gets plenty. */
const RECORDED_INVENTORY = 10_000;

export interface RecordedCatalog {
  providers: RecordedProvider[];
  products: RecordedProduct[];
  /** The product of a past order (orders name their product by `name` and `sku` only). */
  productIdOf(order: Record<string, unknown>): string;
}

/**
 * A listed product's price becomes its tiers: `[{0, price}]`, or `[{0, price}, {M, price}]` when the key is at the
 * tier M (recordedBaseline makes M active). Products only past orders name are added inactive, priced as those
 * orders were; providers are made from what the eSIMs of past orders show.
 */
export function recordCatalog(productAnswer: unknown, orderAnswer: unknown, notes: RecordNotes): RecordedCatalog {
  const listed = records(productAnswer);
  const orders = records(orderAnswer);
  const products: RecordedProduct[] = [];
  const byNameAndSku = new Map<string, string>();
  const keyOf = (name: unknown, sku: unknown) => `${String(name)}\u0000${String(sku)}`;

  for (const product of listed) {
    const recorded = listedProduct(product, notes);
    if (products.some((other) => other.id === recorded.id)) continue;
    products.push(recorded);
    const key = keyOf(product.name, product.sku);
    if (!byNameAndSku.has(key)) byNameAndSku.set(key, recorded.id);
  }
  for (const order of orders) {
    const summary = asRecord(order.product);
    const key = keyOf(summary?.name, summary?.sku);
    if (byNameAndSku.has(key)) continue;
    const id = nameUuid(`product:${key}`);
    const provider = text(records(order.items).find((item) => text(item.provider))?.provider) ?? 'Unknown provider';
    products.push({
      id,
      name: nonEmpty(summary?.name, '(no name)'),
      description: '',
      provider,
      sku: nonEmpty(summary?.sku, '(no sku)'),
      active: false,
      tiers: [{ minTrailingYearQty: 0, unitPriceThb: thb(order.unitPriceThb) ?? 0 }],
      inventory: 0,
    });
    byNameAndSku.set(key, id);
    notes.add('products that past orders name but getProducts does not list are recorded as inactive products (no description, the price of their orders)');
  }

  const providers = [...new Set(products.map((product) => product.provider))].map((name) => providerOf(name, orders));
  return {
    providers,
    products,
    productIdOf: (order) => byNameAndSku.get(keyOf(asRecord(order.product)?.name, asRecord(order.product)?.sku))!,
  };
}

function listedProduct(product: Record<string, unknown>, notes: RecordNotes): RecordedProduct {
  const price = thb(product.currentUnitPriceThb) ?? 0;
  const tier = typeof product.activeTierMinTrailingYearQty === 'number' && Number.isInteger(product.activeTierMinTrailingYearQty)
    ? Math.max(0, product.activeTierMinTrailingYearQty)
    : 0;
  const optional: Partial<RecordedProduct> = {};
  if (product.retailPriceThb === null || thb(product.retailPriceThb) !== undefined) optional.retailPriceThb = product.retailPriceThb === null ? null : thb(product.retailPriceThb)!;
  if (product.metadata !== undefined) optional.metadata = product.metadata as RecordedProduct['metadata'];
  if (product.promotionLabel === null || typeof product.promotionLabel === 'string') optional.promotionLabel = product.promotionLabel;
  if (Array.isArray(product.promotionFeatures)) optional.promotionFeatures = product.promotionFeatures.filter((feature) => typeof feature === 'string');
  return {
    id: scenarioId(product.id, 'product', notes),
    name: nonEmpty(product.name, '(no name)'),
    description: text(product.description) ?? '',
    provider: nonEmpty(product.provider, 'Unknown provider'),
    sku: nonEmpty(product.sku, '(no sku)'),
    ...optional,
    active: true,
    tiers: tier === 0 ? [{ minTrailingYearQty: 0, unitPriceThb: price }] : [{ minTrailingYearQty: 0, unitPriceThb: price }, { minTrailingYearQty: tier, unitPriceThb: price }],
    inventory: RECORDED_INVENTORY,
  };
}

/** A provider as its eSIMs show it; one no order shows gets an address of its own and data-only eSIMs. */
function providerOf(name: string, orders: readonly Record<string, unknown>[]): RecordedProvider {
  const items = orders.flatMap((order) => records(order.items)).filter((item) => item.provider === name);
  const sample = items.find((item) => typeof item.smdpAddress === 'string' && item.smdpAddress !== '' && typeof item.iccid === 'string');
  const iccid = text(sample?.iccid) ?? '';
  return {
    name,
    smdpAddress: text(sample?.smdpAddress) ?? `smdp.${slug(name)}.example`,
    iccidIssuer: /^89(\d{4})\d{13,14}$/.exec(iccid)?.[1] ?? '00',
    iccidLength: iccid.length === 20 ? 20 : 19,
    withPhoneNumber: items.some((item) => typeof item.phone === 'string'),
  };
}

function nonEmpty(value: unknown, fallback: string): string {
  return typeof value === 'string' && value !== '' ? value : fallback;
}

function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'provider';
}

/**
 * Enough eSIMs, on top of the recorded orders of the trailing year, for the highest tier the key was shown; each
 * product's tiers stop at its active one, so every product shows the price it was seen with.
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
