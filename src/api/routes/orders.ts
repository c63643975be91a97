import { ApiError } from '../../domain/api-error.js';
import { orderStatus } from '../render.js';
import { renderedList } from '../rendered-json.js';
import { renderedOrder } from '../rendered-order.js';
import { orderListQuery, orderStatusQuery, resolveLimit } from '../request-rules.js';
import type { CallHandler } from '../route.js';

export const getOrderStatus: CallHandler<'getOrderStatus'> = (ctx, { caller, query, now, facts, parse }) => {
  const { purchaseOrderId: id, includeQrImages = false } = parse(orderStatusQuery, query);
  const order = ctx.store.order(id);
  if (!order || order.accountId !== caller.account.id) {
    throw new ApiError('ORDER_NOT_FOUND', `no order ${id} in this account; use a purchaseOrderId returned by /createOrder or /getOrders`);
  }
  facts.orderId = order.id;
  facts.orderStatus = orderStatus(order, now);
  return renderedOrder(ctx.renderedOrders, order, { now, includeQrImages, qrImages: ctx.qrImages });
};

export const getOrders: CallHandler<'getOrders'> = (ctx, { caller, query, now, facts, parse }) => {
  const { limit, includeQrImages = false } = parse(orderListQuery, query);
  const view = { now, includeQrImages, qrImages: ctx.qrImages };
  const orders = ctx.store.latestOrdersOf(caller.account.id, resolveLimit(limit, ctx.behavior, facts));
  return renderedList(orders.map((order) => renderedOrder(ctx.renderedOrders, order, view)));
};
