import { z } from 'zod';
import type { Behavior } from '../scenarios/scenario-schema.js';
import { ApiError } from '../domain/api-error.js';
import { LIMIT_RANGE, QUERY_FIELDS } from '../contract/request-limits.js';
import { fieldRules, type FieldRules } from './parse-input.js';
import type { JsonBodyRules } from './read-json-body.js';
import type { RouteFacts } from './route.js';

const LIMIT_RULE = `an integer from ${LIMIT_RANGE.min} to ${LIMIT_RANGE.max}`;

type QueryFields = typeof QUERY_FIELDS;

const QUERY_RULES: { readonly [K in keyof QueryFields]: string } = {
  limit: LIMIT_RULE,
  includeQrImages: '"true" or "false"',
  purchaseOrderId: 'an order id (UUID) as returned by /createOrder',
};

/** A query taking the parameters `names` of QUERY_FIELDS; any other is refused. */
export function queryRules<const K extends keyof QueryFields>(...names: K[]): FieldRules<z.ZodObject<Pick<QueryFields, K>>> {
  const pick = <T>(of: { readonly [N in keyof QueryFields]: T }) => Object.fromEntries(names.map((name) => [name, of[name]])) as { [N in K]: T };
  return fieldRules('query', z.strictObject(pick<z.ZodType>(QUERY_FIELDS) as Pick<QueryFields, K>), pick(QUERY_RULES)) as FieldRules<z.ZodObject<Pick<QueryFields, K>>>;
}

const MAX_BODY_BYTES = 1024 * 1024;

export const API_BODY: JsonBodyRules = {
  maxBytes: MAX_BODY_BYTES,
  tooLarge: `request body is larger than ${MAX_BODY_BYTES} bytes (1 MiB); send a smaller body`,
  unreadable: 'request body could not be read to its end',
  notJson: (reason) => `request body is not valid JSON: ${reason}`,
  wrongType: (got) => `Content-Type must be application/json (${got})`,
  notUtf8: 'request body is not valid UTF-8 text',
  empty: { refuse: 'request body is empty: send a JSON object' },
};

export function resolveLimit(limit: number | undefined, behavior: Behavior, facts: RouteFacts): number {
  if (limit === undefined) return LIMIT_RANGE.default;
  if (limit >= LIMIT_RANGE.min && limit <= LIMIT_RANGE.max) return limit;
  if (behavior.limitOutOfRange === 'clamp') {
    const used = Math.min(Math.max(limit, LIMIT_RANGE.min), LIMIT_RANGE.max);
    facts.clampedLimit = { asked: limit, used };
    return used;
  }
  // -0 is what was sent as `-0`, which String() would write as "0".
  throw new ApiError('VALIDATION_ERROR', `limit must be ${LIMIT_RULE} (got "${Object.is(limit, -0) ? '-0' : limit}")`);
}
