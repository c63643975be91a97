import { z } from 'zod';
import { IDEMPOTENCY_KEY_LENGTH, QUANTITY_RANGE, UUID_PATTERN } from '../../contract/request-limits.js';
import { placeOrder } from '../../domain/place-order.js';
import { toThb } from '../../lib/money.js';
import { fieldRules } from '../parse-input.js';
import { isProvisioned, renderCreatedItem } from '../render.js';
import { queryRules } from '../request-rules.js';
import { defineCall } from '../route.js';

/** The body createOrder takes; the descriptions are the document's (`z.toJSONSchema`, src/openapi/schema-of.ts). */
const CREATE_ORDER_BODY = z
  .strictObject({
    productId: z.string().regex(UUID_PATTERN).meta({ format: 'uuid', description: 'An `id` from /getProducts.' }),
    quantity: z.int().min(QUANTITY_RANGE.min).max(QUANTITY_RANGE.max),
    idempotencyKey: z
      .string()
      .min(IDEMPOTENCY_KEY_LENGTH.min)
      .max(IDEMPOTENCY_KEY_LENGTH.max)
      .optional()
      .meta({ description: 'Resubmitting the same key returns the original order and does not charge twice.' }),
    includeQrImages: z.boolean().optional().meta({ default: false, description: 'When true each item carries `qrBase64Url`.' }),
  })
  .meta({ description: 'Any other field is refused with 400 `VALIDATION_ERROR`.' });

export const createOrder = defineCall({
  name: 'createOrder',
  method: 'POST',
  scope: 'orders:write',
  summary: 'Create a wholesale eSIM order',
  description:
    'On success the eSIMs are provisioned immediately and returned in the response. ' +
    'Resubmitting the same `idempotencyKey` returns the original order and does not charge twice.',
  query: queryRules(),
  body: fieldRules('body', CREATE_ORDER_BODY, {
    productId: 'a product id (UUID) from /getProducts',
    quantity: `an integer from ${QUANTITY_RANGE.min} to ${QUANTITY_RANGE.max}`,
    idempotencyKey: `a string of ${IDEMPOTENCY_KEY_LENGTH.min} to ${IDEMPOTENCY_KEY_LENGTH.max} characters`,
    includeQrImages: 'a boolean (true or false)',
  }),
  examples: { body: { quantity: 1, idempotencyKey: 'partner-order-10001' } },
  success: 'CreateOrderEnvelope',
  errors: ['400', '409'],
  async handle(ctx, { caller, body: { productId, quantity, idempotencyKey, includeQrImages = false }, now, facts }) {
    const orderRequest = { productId, quantity, ...(idempotencyKey !== undefined && { idempotencyKey }), includeQrImages };
    const { order, reused } = await ctx.writes.run(async () => placeOrder(ctx, caller, orderRequest, now));
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
  },
});
