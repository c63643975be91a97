import { ApiError } from '../../domain/api-error.js';
import { orderStatus } from '../render.js';
import { renderedOrder } from '../rendered-orders.js';
import { queryRules } from '../request-rules.js';
import { defineCall } from '../route.js';

export const getOrderStatus = defineCall({
  name: 'getOrderStatus',
  method: 'GET',
  scope: 'orders:read',
  summary: 'One order with full eSIM details',
  description: 'One order of the account, with its eSIM items.',
  query: queryRules('purchaseOrderId', 'includeQrImages'),
  examples: { query: { includeQrImages: 'false' } },
  success: 'OrderEnvelope',
  errors: ['400', '404'],
  handle(ctx, { caller, query: { purchaseOrderId: id, includeQrImages = false }, now, facts }) {
    const order = ctx.store.order(id);
    if (!order || order.accountId !== caller.account.id) {
      throw new ApiError('ORDER_NOT_FOUND', `no order ${id} in this account; use a purchaseOrderId returned by /createOrder or /getOrders`);
    }
    facts.orderId = order.id;
    facts.orderStatus = orderStatus(order, now);
    return renderedOrder(ctx.renderedOrders, order, { now, includeQrImages, qrImages: ctx.qrImages });
  },
});
