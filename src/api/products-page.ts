import { accountTier } from '../domain/account-pricing.js';
import type { SandboxContext } from '../domain/context.js';
import type { AccountRecord } from '../state/records.js';
import type { Store } from '../state/store.js';
import { renderedList, type RenderedJson } from './rendered-json.js';
import { renderedProduct } from './rendered-product.js';
import type { CallData } from './route.js';

type ProductsPage = RenderedJson<CallData<'getProducts'>>;

/** The pages made at one products revision, by account, then by trailing-year figure and limit (one number). */
interface KeptPages {
  revision: number;
  /** Characters of the pages kept. */
  chars: number;
  pages: Map<AccountRecord, Map<number, ProductsPage>>;
}

/** The most characters of pages kept; past it they are made afresh (a peer asking every limit cannot make it grow). */
const MAX_KEPT_CHARS = 8 * 1024 * 1024;

const kept = new WeakMap<Store, KeptPages>();

/**
 * getProducts' page for an account: its first `max` active products at the tier its trailing-year figure
 * reaches. Made again only when a product record changed, or for another account, figure or limit: a
 * client reading the catalogue gets the same page, and the same envelope and bytes after it.
 */
export function productsPage(ctx: SandboxContext, account: AccountRecord, trailingQty: number, max: number): ProductsPage {
  const { store } = ctx;
  let entry = kept.get(store);
  if (entry === undefined || entry.revision !== store.productsRevision || entry.chars > MAX_KEPT_CHARS) {
    kept.set(store, (entry = { revision: store.productsRevision, chars: 0, pages: new Map() }));
  }
  let pages = entry.pages.get(account);
  if (pages === undefined) entry.pages.set(account, (pages = new Map()));
  // A number, not a text: no key to build and hash on each request. A limit is at most 200.
  const key = trailingQty * 256 + max;
  let page = pages.get(key);
  if (page === undefined) {
    pages.set(key, (page = makePage(ctx, account, trailingQty, max)));
    entry.chars += page.text.length;
  }
  return page;
}

function makePage(ctx: SandboxContext, account: AccountRecord, trailingQty: number, max: number): ProductsPage {
  const products: RenderedJson<CallData<'getProducts'>[number]>[] = [];
  for (const product of ctx.store.products()) {
    if (products.length === max) break;
    if (product.active) products.push(renderedProduct(ctx.renderedProducts, product, accountTier(account, product, trailingQty)));
  }
  return renderedList(products);
}
