import { ApiError } from '../../domain/api-error.js';
import { checkFields } from '../field-rules.js';
import { renderOrder } from '../render.js';
import { includeQrImagesQueryRule, limitRule, purchaseOrderIdRule, resolveLimit } from '../request-rules.js';
import type { Route } from '../route.js';

export const getOrderStatus: Route = {
  method: 'GET',
  path: '/getOrderStatus',
  scope: 'orders:read',
  handle(ctx, { caller, query, now, facts }) {
    const fields = checkFields(
      query,
      { purchaseOrderId: purchaseOrderIdRule, includeQrImages: includeQrImagesQueryRule },
      'query',
    );
    const id = String(fields.purchaseOrderId);
    const order = ctx.store.order(id);
    if (!order || order.accountId !== caller.account.id) {
      throw new ApiError('ORDER_NOT_FOUND', `no order ${id} in this account; use a purchaseOrderId returned by /createOrder or /getOrders`);
    }
    const rendered = renderOrder(order, { now, includeQrImages: fields.includeQrImages === true, qrImages: ctx.qrImages });
    facts.orderId = order.id;
    facts.orderStatus = rendered.status;
    return rendered;
  },
};

export const getOrders: Route = {
  method: 'GET',
  path: '/getOrders',
  scope: 'orders:read',
  handle(ctx, { caller, query, now }) {
    const fields = checkFields(query, { limit: limitRule, includeQrImages: includeQrImagesQueryRule }, 'query');
    const view = { now, includeQrImages: fields.includeQrImages === true, qrImages: ctx.qrImages };
    return ctx.store
      .latestOrdersOf(caller.account.id, resolveLimit(fields.limit, ctx.behavior))
      .map((order) => renderOrder(order, view));
  },
};
