import { accountTrailingYearQty } from '../../domain/account-pricing.js';
import { productsPage } from '../products-page.js';
import { listQuery, resolveLimit } from '../request-rules.js';
import type { CallHandler } from '../route.js';

export const getProducts: CallHandler<'getProducts'> = (ctx, { caller, query, now, facts, parse }) => {
  const { limit } = parse(listQuery, query);
  const max = resolveLimit(limit, ctx.behavior, facts);
  return productsPage(ctx, caller.account, accountTrailingYearQty(ctx.store, caller.account, now), max);
};
