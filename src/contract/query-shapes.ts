import { z } from 'zod';
import type { CallName } from './route-table.js';
import { INCLUDE_QR_IMAGES_VALUES, LIMIT_RANGE, UUID_PATTERN } from './request-limits.js';

/**
 * The query strings the calls take, as zod schemas of the text on the wire: the API validates queries with them
 * (src/api/request-rules.ts) and the OpenAPI document's parameters are generated from them (`z.toJSONSchema`,
 * src/openapi/request-parameters.ts). The descriptions are the document's.
 */

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

export const NO_QUERY = z.strictObject({});
export const LIST_QUERY = z.strictObject({ limit });
export const ORDER_LIST_QUERY = z.strictObject({ limit, includeQrImages });
export const ORDER_STATUS_QUERY = z.strictObject({ purchaseOrderId, includeQrImages });

/** The query each call takes: its parameters, in the order the document lists them on the operation. */
export const CALL_QUERIES: { readonly [N in CallName]: z.ZodObject } = {
  getBalance: NO_QUERY,
  getProducts: LIST_QUERY,
  getPaymentHistory: LIST_QUERY,
  createOrder: NO_QUERY,
  getOrderStatus: ORDER_STATUS_QUERY,
  getOrders: ORDER_LIST_QUERY,
};
