import { accountTrailingYearQty } from '../../domain/tier-pricing.js';
import { productsPage } from '../products-page.js';
import { queryRules, resolveLimit } from '../request-rules.js';
import { defineCall } from '../route.js';

export const getProducts = defineCall({
  name: 'getProducts',
  method: 'GET',
  scope: 'products:read',
  summary: 'Active products with account-specific tier pricing',
  description: 'The active products, each with the unit price of the calling account.',
  records: 'product',
  query: queryRules('limit'),
  examples: { query: { limit: 2 } },
  success: 'ProductListEnvelope',
  handle(ctx, { caller, query, now, facts }) {
    const max = resolveLimit(query.limit, ctx.behavior, facts);
    return productsPage(ctx, caller.account, accountTrailingYearQty(ctx.store, caller.account, now, ctx.trailingYearCounts), max);
  },
});
