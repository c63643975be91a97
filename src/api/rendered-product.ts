import type { ActiveTier } from '../domain/tier-pricing.js';
import type { DerivedTextCache } from '../lib/derived-text-cache.js';
import type { ProductRecord } from '../state/records.js';
import { RenderedJson } from '../lib/rendered-json.js';
import { renderProduct } from './render.js';

/**
 * A product as getProducts shows it, from the JSON kept for it: rendered once per version of its record (a
 * sale replaces the record) and per price tier (which depends on the account and on its orders).
 */
export function renderedProduct(cache: DerivedTextCache, product: ProductRecord, tier: ActiveTier): RenderedJson<ReturnType<typeof renderProduct>> {
  const variant = `${tier.unitPrice} ${tier.minTrailingYearQty}`;
  return new RenderedJson(cache.get(`${product.id} ${variant}`, product, variant, () => ({ text: JSON.stringify(renderProduct(product, tier)) })).text);
}
