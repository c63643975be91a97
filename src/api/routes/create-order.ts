import { placeOrder } from '../../domain/place-order.js';
import { toThb } from '../../lib/money.js';
import { readJsonBody } from '../read-json-body.js';
import { isProvisioned, renderCreatedItem } from '../render.js';
import { API_BODY, createOrderBody, noQuery } from '../request-rules.js';
import type { CallHandler } from '../route.js';

export const createOrder: CallHandler<'createOrder'> = async (ctx, { caller, query, request, now, facts, parse }) => {
  parse(noQuery, query);
  const { productId, quantity, idempotencyKey, includeQrImages = false } = parse(createOrderBody, await readJsonBody(request, API_BODY));
  const orderRequest = { productId, quantity, ...(idempotencyKey !== undefined && { idempotencyKey }), includeQrImages };
  const { order, reused } = await ctx.writes.run(() => placeOrder(ctx, caller, orderRequest, now));
  facts.orderId = order.id;
  facts.reused = reused;

  if (reused && ctx.behavior.reusedResponse === 'minimal') return { purchaseOrderId: order.id, reused };
  const view = { now, includeQrImages, qrImages: ctx.qrImages };
  return {
    purchaseOrderId: order.id,
    reused,
    unitPriceThb: toThb(order.unitPrice),
    totalPriceThb: toThb(order.total),
    quantity: order.quantity,
    ...(isProvisioned(order, now) && { items: order.items.map((item) => renderCreatedItem(item, view)) }),
  };
};
