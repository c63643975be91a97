import type { ActiveTier } from '../domain/tier-pricing.js';
import type { TextMemo } from '../lib/text-memo.js';
import type { ProductRecord } from '../state/records.js';
import { RenderedJson } from './rendered-json.js';
import { renderProduct } from './render.js';

/**
 * A product as getProducts shows it, from the JSON kept for it: rendered once per version of its record (a
 * sale replaces the record) and per price tier (which depends on the account and on its orders).
 */
export function renderedProduct(memo: TextMemo, product: ProductRecord, tier: ActiveTier): RenderedJson<ReturnType<typeof renderProduct>> {
  return new RenderedJson(memo.get(product, `${tier.unitPrice} ${tier.minTrailingYearQty}`, () => JSON.stringify(renderProduct(product, tier))));
}
