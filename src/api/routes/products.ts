import { accountTier, accountTrailingYearQty } from '../../domain/account-pricing.js';
import { renderedList, type RenderedJson } from '../rendered-json.js';
import { renderedProduct } from '../rendered-product.js';
import { listQuery, resolveLimit } from '../request-rules.js';
import type { CallData, CallHandler } from '../route.js';

export const getProducts: CallHandler<'getProducts'> = (ctx, { caller, query, now, facts, parse }) => {
  const { limit } = parse(listQuery, query);
  const max = resolveLimit(limit, ctx.behavior, facts);
  const trailingQty = accountTrailingYearQty(ctx.store, caller.account, now);
  const products: RenderedJson<CallData<'getProducts'>[number]>[] = [];
  for (const product of ctx.store.products()) {
    if (products.length === max) break;
    if (product.active) products.push(renderedProduct(ctx.renderedProducts, product, accountTier(caller.account, product, trailingQty)));
  }
  return renderedList(products);
};
