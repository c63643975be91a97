import { z } from 'zod';
import { IDEMPOTENCY_KEY_LENGTH, QUANTITY_RANGE, UUID_PATTERN } from './request-limits.js';

/**
 * The request bodies the calls take, as zod schemas: the API validates bodies with them (src/api/request-rules.ts)
 * and the OpenAPI document describes them from them (`z.toJSONSchema`, src/openapi/schema-of.ts). The
 * descriptions are the document's.
 */

/** An id as the API takes it: 8-4-4-4-12 hex digits, any letter case; the document says `format: uuid`. */
const uuid = (description: string) => z.string().regex(UUID_PATTERN).meta({ format: 'uuid', description });

export const CREATE_ORDER_BODY = z
  .strictObject({
    productId: uuid('An `id` from /getProducts.'),
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
