import { z } from 'zod';
import type { Behavior } from '../scenarios/scenario-schema.js';
import { ApiError } from '../domain/api-error.js';
import type { FieldRule } from './field-rules.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const LIMIT_RANGE = { min: 1, max: 200, default: 50 } as const;
const LIMIT_RULE = `an integer from ${LIMIT_RANGE.min} to ${LIMIT_RANGE.max}`;

export const limitRule: FieldRule = {
  schema: z.string().regex(/^[+-]?\d{1,15}$/).transform(Number),
  rule: LIMIT_RULE,
};

export const includeQrImagesQueryRule: FieldRule = {
  schema: z.enum(['true', 'false']).transform((value) => value === 'true'),
  rule: '"true" or "false"',
};

export const purchaseOrderIdRule: FieldRule = {
  schema: z.string().regex(UUID),
  rule: 'an order id (UUID) as returned by /createOrder',
  required: true,
};

export const createOrderRules = {
  productId: { schema: z.string().regex(UUID), rule: 'a product id (UUID) from /getProducts', required: true },
  quantity: { schema: z.int().min(1).max(2000), rule: 'an integer from 1 to 2000', required: true },
  idempotencyKey: { schema: z.string().min(8).max(120), rule: 'a string of 8 to 120 characters' },
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
