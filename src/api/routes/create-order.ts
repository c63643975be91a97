import { ApiError } from '../../domain/api-error.js';
import { placeOrder } from '../../domain/place-order.js';
import { toThb } from '../../lib/money.js';
import type { OrderRequest } from '../../domain/order-rules.js';
import { checkFields } from '../field-rules.js';
import { isProvisioned, renderCreatedItem } from '../render.js';
import { createOrderRules } from '../request-rules.js';
import { readJsonBody } from '../request-body.js';
import type { Route } from '../route.js';

export const createOrder: Route = {
  method: 'POST',
  path: '/createOrder',
  scope: 'orders:write',
  async handle(ctx, { caller, query, request, now, facts }) {
    checkFields(query, {}, 'query');
    const orderRequest = toOrderRequest(await readJsonBody(request));
    const { order, reused } = await ctx.writes.run(() => placeOrder(ctx, caller, orderRequest, now));
    facts.orderId = order.id;

    if (reused && ctx.behavior.reusedResponse === 'minimal') return { purchaseOrderId: order.id, reused };
    const view = { now, includeQrImages: orderRequest.includeQrImages, qrImages: ctx.qrImages };
    return {
      purchaseOrderId: order.id,
      reused,
      unitPriceThb: toThb(order.unitPrice),
      totalPriceThb: toThb(order.total),
      quantity: order.quantity,
      ...(isProvisioned(order, now) && { items: order.items.map((item) => renderCreatedItem(item, view)) }),
    };
  },
};

function toOrderRequest(body: unknown): OrderRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ApiError('VALIDATION_ERROR', 'request body must be a JSON object with productId and quantity');
  }
  const fields = checkFields(body as Record<string, unknown>, createOrderRules, 'body');
  return {
    productId: fields.productId as string,
    quantity: fields.quantity as number,
    ...(fields.idempotencyKey !== undefined && { idempotencyKey: fields.idempotencyKey as string }),
    includeQrImages: fields.includeQrImages === true,
  };
}
