import { z } from 'zod';

/** The request limits of the spec: the API's validation checks them, and the OpenAPI document states them. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const LIMIT_RANGE = { min: 1, max: 200, default: 50 } as const;
export const QUANTITY_RANGE = { min: 1, max: 2000 } as const;
export const IDEMPOTENCY_KEY_LENGTH = { min: 8, max: 120 } as const;
const INCLUDE_QR_IMAGES_VALUES = ['true', 'false'] as const;

/** The query parameters as zod schemas of the text on the wire: the API validates with them, the document is made of them. */

/**
 * Any integer as text: the range is checked by `resolveLimit`, which may clamp instead of refusing. The document
 * describes the decoded value, so the metadata states its type, range and default.
 */
const limit = z
  .string()
  .regex(/^[+-]?\d{1,15}$/)
  .transform(Number)
  .optional()
  .meta({
    description: 'Number of records returned.',
    type: 'integer',
    minimum: LIMIT_RANGE.min,
    maximum: LIMIT_RANGE.max,
    default: LIMIT_RANGE.default,
  });

const includeQrImages = z
  .enum(INCLUDE_QR_IMAGES_VALUES)
  .transform((value) => value === 'true')
  .optional()
  .meta({ description: 'When `true` each eSIM item carries `qrBase64Url`.', default: 'false' });

const purchaseOrderId = z
  .string()
  .regex(UUID_PATTERN)
  .meta({ format: 'uuid', description: 'The purchase order id returned by createOrder.' });

/** Every query parameter of the API, in the order the document lists them. */
export const QUERY_FIELDS = { limit, includeQrImages, purchaseOrderId };
