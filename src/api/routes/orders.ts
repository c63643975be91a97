import { ApiError } from '../../domain/api-error.js';
import { renderOrder } from '../render.js';
import { orderListQuery, orderStatusQuery, resolveLimit } from '../request-rules.js';
import type { CallHandler } from '../route.js';

export const getOrderStatus: CallHandler<'getOrderStatus'> = (ctx, { caller, query, now, facts, parse }) => {
  const { purchaseOrderId: id, includeQrImages = false } = parse(orderStatusQuery, query);
  const order = ctx.store.order(id);
  if (!order || order.accountId !== caller.account.id) {
    throw new ApiError('ORDER_NOT_FOUND', `no order ${id} in this account; use a purchaseOrderId returned by /createOrder or /getOrders`);
  }
  const rendered = renderOrder(order, { now, includeQrImages, qrImages: ctx.qrImages });
  facts.orderId = order.id;
  facts.orderStatus = rendered.status;
  return rendered;
};

export const getOrders: CallHandler<'getOrders'> = (ctx, { caller, query, now, facts, parse }) => {
  const { limit, includeQrImages = false } = parse(orderListQuery, query);
  const view = { now, includeQrImages, qrImages: ctx.qrImages };
  return ctx.store.latestOrdersOf(caller.account.id, resolveLimit(limit, ctx.behavior, facts)).map((order) => renderOrder(order, view));
};
