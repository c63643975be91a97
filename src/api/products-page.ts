import { accountTier } from '../domain/tier-pricing.js';
import type { SandboxContext } from '../domain/context.js';
import type { ActiveTier } from '../domain/tier-pricing.js';
import type { DerivedTextCache } from '../lib/derived-text-cache.js';
import { RenderedJson, renderedList } from '../lib/rendered-json.js';
import type { AccountRecord, ProductRecord } from '../state/records.js';
import type { CallData } from './route.js';
import { renderProduct } from './render.js';

type ProductsPage = RenderedJson<CallData<'getProducts'>>;

const always = () => true;

/**
 * Made again only when a product or account record changed (either revision moves the sum), or for another
 * account, figure or limit: a client reading the catalogue gets the same bytes.
 */
export function productsPage(ctx: SandboxContext, account: AccountRecord, trailingQty: number, max: number): ProductsPage {
  // By account, then trailing-year figure and limit (one number: a limit is at most 200).
  const page = ctx.productsPages.get(ctx.store.revision('products') + ctx.store.revision('accounts'), account.id, trailingQty * 256 + max, always, () => makePage(ctx, account, trailingQty, max));
  return page as ProductsPage;
}

function makePage(ctx: SandboxContext, account: AccountRecord, trailingQty: number, max: number): ProductsPage {
  const products: RenderedJson<CallData<'getProducts'>[number]>[] = [];
  for (const product of ctx.store.products()) {
    if (products.length === max) break;
    if (product.active) products.push(renderedProduct(ctx.renderedProducts, product, accountTier(account, product, trailingQty)));
  }
  return renderedList(products);
}

/** Rendered once per version of its record (a sale replaces the record) and per price tier (which depends on the account). */
function renderedProduct(cache: DerivedTextCache, product: ProductRecord, tier: ActiveTier): RenderedJson<ReturnType<typeof renderProduct>> {
  const variant = `${tier.unitPrice} ${tier.minTrailingYearQty}`;
  return new RenderedJson(cache.get(`${product.id} ${variant}`, product, variant, () => ({ text: JSON.stringify(renderProduct(product, tier)) })).text);
}
