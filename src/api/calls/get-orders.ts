import { renderedList } from '../../lib/rendered-json.js';
import { renderedOrder, ordersPage } from '../rendered-orders.js';
import { queryRules, resolveLimit } from '../request-rules.js';
import { defineCall } from '../route.js';

export const getOrders = defineCall({
  name: 'getOrders',
  method: 'GET',
  scope: 'orders:read',
  summary: 'List of orders with eSIM items',
  description: 'Orders of the account, with their eSIM items.',
  records: 'order',
  query: queryRules('limit', 'includeQrImages'),
  // A short page without QR images: with them the example alone would carry ~24 KB of PNG data.
  examples: { query: { limit: 2, includeQrImages: 'false' } },
  success: 'OrderListEnvelope',
  handle(ctx, { caller, query: { limit, includeQrImages = false }, now, facts }) {
    const max = resolveLimit(limit, ctx.behavior, facts);
    if (!includeQrImages) return ordersPage(ctx, caller.account.id, max, now);
    const view = { now, includeQrImages, qrImages: ctx.qrImages };
    return renderedList(ctx.store.latestOrdersOf(caller.account.id, max).map((order) => renderedOrder(ctx.renderedOrders, order, view)));
  },
});
