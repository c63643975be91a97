import type { Behavior } from '../scenarios/scenario-schema.js';
import { ApiError } from '../domain/api-error.js';
import { IDEMPOTENCY_KEY_LENGTH, LIMIT_RANGE, QUANTITY_RANGE } from '../contract/request-limits.js';
import { LIST_QUERY, NO_QUERY, ORDER_LIST_QUERY, ORDER_STATUS_QUERY } from '../contract/query-shapes.js';
import { CREATE_ORDER_BODY } from '../contract/request-shapes.js';
import { fieldRules } from './parse-input.js';
import type { JsonBodyRules } from './read-json-body.js';
import type { RouteFacts } from './route.js';

/** The query strings and the body the calls take: each field's schema, and its rule in words for messages. */

const LIMIT_RULE = `an integer from ${LIMIT_RANGE.min} to ${LIMIT_RANGE.max}`;

export const noQuery = fieldRules('query', NO_QUERY, {});

export const listQuery = fieldRules('query', LIST_QUERY, { limit: LIMIT_RULE });

export const orderListQuery = fieldRules('query', ORDER_LIST_QUERY, {
  limit: LIMIT_RULE,
  includeQrImages: '"true" or "false"',
});

export const orderStatusQuery = fieldRules('query', ORDER_STATUS_QUERY, {
  purchaseOrderId: 'an order id (UUID) as returned by /createOrder',
  includeQrImages: '"true" or "false"',
});

export const createOrderBody = fieldRules(
  'body',
  CREATE_ORDER_BODY,
  {
    productId: 'a product id (UUID) from /getProducts',
    quantity: `an integer from ${QUANTITY_RANGE.min} to ${QUANTITY_RANGE.max}`,
    idempotencyKey: `a string of ${IDEMPOTENCY_KEY_LENGTH.min} to ${IDEMPOTENCY_KEY_LENGTH.max} characters`,
    includeQrImages: 'a boolean (true or false)',
  },
);

const MAX_BODY_BYTES = 1024 * 1024;

/** How the body of createOrder is read: JSON by its `Content-Type`, up to 1 MiB, UTF-8, not empty. */
export const API_BODY: JsonBodyRules = {
  maxBytes: MAX_BODY_BYTES,
  tooLarge: `request body is larger than ${MAX_BODY_BYTES} bytes (1 MiB); send a smaller body`,
  unreadable: 'request body could not be read to its end',
  notJson: (reason) => `request body is not valid JSON: ${reason}`,
  wrongType: (got) => `Content-Type must be application/json (${got})`,
  notUtf8: 'request body is not valid UTF-8 text',
  empty: { refuse: 'request body is empty: send a JSON object' },
};

/** `limit` after the range rule: refused outside 1..200, or clamped when the scenario says so (noted in `facts`). */
export function resolveLimit(limit: number | undefined, behavior: Behavior, facts: RouteFacts): number {
  if (limit === undefined) return LIMIT_RANGE.default;
  if (limit >= LIMIT_RANGE.min && limit <= LIMIT_RANGE.max) return limit;
  if (behavior.limitOutOfRange === 'clamp') {
    const used = Math.min(Math.max(limit, LIMIT_RANGE.min), LIMIT_RANGE.max);
    facts.clampedLimit = { asked: limit, used };
    return used;
  }
  throw new ApiError('VALIDATION_ERROR', `limit must be ${LIMIT_RULE} (got "${limit}")`);
}
