import { ApiError } from '../../domain/api-error.js';
import { orderStatus } from '../render.js';
import { renderedList } from '../rendered-json.js';
import { renderedOrder } from '../rendered-order.js';
import { ordersPage } from '../orders-page.js';
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
  const max = resolveLimit(limit, ctx.behavior, facts);
  if (!includeQrImages) return ordersPage(ctx, caller.account.id, max, now);
  const view = { now, includeQrImages, qrImages: ctx.qrImages };
  return renderedList(ctx.store.latestOrdersOf(caller.account.id, max).map((order) => renderedOrder(ctx.renderedOrders, order, view)));
};
