import { z } from 'zod';
import type { Behavior } from '../scenarios/scenario-schema.js';
import { ApiError } from '../domain/api-error.js';
import {
  IDEMPOTENCY_KEY_LENGTH,
  INCLUDE_QR_IMAGES_VALUES,
  LIMIT_RANGE,
  QUANTITY_RANGE,
  UUID_PATTERN,
} from '../contract/request-limits.js';
import type { FieldRule } from './field-rules.js';

const LIMIT_RULE = `an integer from ${LIMIT_RANGE.min} to ${LIMIT_RANGE.max}`;

export const limitRule: FieldRule = {
  schema: z.string().regex(/^[+-]?\d{1,15}$/).transform(Number),
  rule: LIMIT_RULE,
};

export const includeQrImagesQueryRule: FieldRule = {
  schema: z.enum(INCLUDE_QR_IMAGES_VALUES).transform((value) => value === 'true'),
  rule: '"true" or "false"',
};

export const purchaseOrderIdRule: FieldRule = {
  schema: z.string().regex(UUID_PATTERN),
  rule: 'an order id (UUID) as returned by /createOrder',
  required: true,
};

export const createOrderRules = {
  productId: { schema: z.string().regex(UUID_PATTERN), rule: 'a product id (UUID) from /getProducts', required: true },
  quantity: {
    schema: z.int().min(QUANTITY_RANGE.min).max(QUANTITY_RANGE.max),
    rule: `an integer from ${QUANTITY_RANGE.min} to ${QUANTITY_RANGE.max}`,
    required: true,
  },
  idempotencyKey: {
    schema: z.string().min(IDEMPOTENCY_KEY_LENGTH.min).max(IDEMPOTENCY_KEY_LENGTH.max),
    rule: `a string of ${IDEMPOTENCY_KEY_LENGTH.min} to ${IDEMPOTENCY_KEY_LENGTH.max} characters`,
  },
  includeQrImages: { schema: z.boolean(), rule: 'a boolean (true or false)' },
} satisfies Record<string, FieldRule>;

/** `limit` after the range rule: refused outside 1..200, or clamped when the scenario says so. */
export function resolveLimit(limit: unknown, behavior: Behavior): number {
  if (limit === undefined) return LIMIT_RANGE.default;
  const value = limit as number;
  if (value >= LIMIT_RANGE.min && value <= LIMIT_RANGE.max) return value;
  if (behavior.limitOutOfRange === 'clamp') return Math.min(Math.max(value, LIMIT_RANGE.min), LIMIT_RANGE.max);
  throw new ApiError('VALIDATION_ERROR', `limit must be ${LIMIT_RULE} (got "${value}")`);
}
