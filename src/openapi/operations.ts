import { CALL_QUERIES } from '../contract/query-shapes.js';
import type { CallName, CallRouteEntry } from '../contract/route-table.js';
import type { OperationObject, ReferenceObject, ResponseObject } from './openapi-types.js';
import { ref } from './resource-schemas.js';

/**
 * What the document says of each call beyond the route table's method, path, scope, summary and description, and
 * the query parameters of its zod schema (CALL_QUERIES).
 */
interface OperationFacts {
  requestBody?: ReferenceObject;
  /** The schema of the 200 answer. */
  success: string;
  /** Error statuses the spec lists for this route besides 401 and 403 (every route). */
  errors?: ('400' | '404' | '409')[];
}

const parameterRef = (name: string): ReferenceObject => ({ $ref: `#/components/parameters/${name}` });
const responseRef = (name: string): ReferenceObject => ({ $ref: `#/components/responses/${name}` });

const OPERATIONS: { readonly [N in CallName]: OperationFacts } = {
  getBalance: { success: 'BalanceEnvelope' },
  getProducts: { success: 'ProductListEnvelope' },
  getPaymentHistory: { success: 'PaymentListEnvelope' },
  createOrder: {
    requestBody: { $ref: '#/components/requestBodies/CreateOrder' },
    success: 'CreateOrderEnvelope',
    errors: ['400', '409'],
  },
  getOrderStatus: {
    success: 'OrderEnvelope',
    errors: ['400', '404'],
  },
  getOrders: { success: 'OrderListEnvelope' },
};

/** The operation of one call: the route table's facts, the statuses the spec documents, and `default`. */
export function operationOf(route: CallRouteEntry & { name: CallName }): OperationObject {
  const facts = OPERATIONS[route.name];
  const errors = facts.errors ?? [];
  const parameters = Object.keys(CALL_QUERIES[route.name].shape).map(parameterRef);
  const responses: OperationObject['responses'] = {
    200: { description: 'Success.', content: { 'application/json': { schema: ref(facts.success) } } },
    ...(errors.includes('400') && { 400: responseRef('BadRequest') }),
    401: responseRef('Unauthorized'),
    403: responseRef('Forbidden'),
    ...(errors.includes('404') && { 404: responseRef('NotFound') }),
    ...(errors.includes('409') && { 409: responseRef('Conflict') }),
    default: responseRef('OtherError'),
  };
  return {
    operationId: route.name,
    summary: route.summary,
    description: `${route.description}\n\nRequired scope: \`${route.scope}\`.`,
    tags: ['eSIM wholesale'],
    ...(parameters.length > 0 && { parameters }),
    ...(facts.requestBody && { requestBody: facts.requestBody }),
    responses,
    'x-required-scope': route.scope,
  };
}

const errorContent = { 'application/json': { schema: ref('ErrorEnvelope') } };

export const RESPONSES: Record<string, ResponseObject> = {
  BadRequest: { description: 'Invalid request body or query parameters.', content: errorContent },
  Unauthorized: { description: 'Unauthorized: the API key is missing, unknown or revoked.', content: errorContent },
  Forbidden: {
    description: 'Forbidden, KYC required, or missing scope (`FORBIDDEN_SCOPE`, message `Missing required scope: <scope>`).',
    content: errorContent,
  },
  NotFound: { description: 'Order not found.', content: errorContent },
  Conflict: {
    description: 'eSIM inventory empty or card data incomplete; in the sandbox also a wallet balance that does not cover the order (`INSUFFICIENT_BALANCE`).',
    content: errorContent,
  },
  OtherError: {
    description: [
      'Any other error status, always in the error envelope. The spec does not list these; the sandbox answers them:',
      '400 `VALIDATION_ERROR` for a `limit` outside its range or an unknown or repeated query parameter on any route,',
      '404 `NOT_FOUND` (unknown route), 405 `METHOD_NOT_ALLOWED` (with `Allow`), 409 `INSUFFICIENT_BALANCE` (its status',
      'is configurable), 413 `PAYLOAD_TOO_LARGE`, 415 `UNSUPPORTED_MEDIA_TYPE`, 429 `RATE_LIMITED` (with `Retry-After`),',
      '500 `INTERNAL_ERROR` and 503 `SERVICE_UNAVAILABLE`. The standalone server answers requests it cannot take at all',
      'the same way: 400 `VALIDATION_ERROR` (no `Host` header, malformed HTTP), 408 `REQUEST_TIMEOUT` (headers or body',
      'too slow), 417 `EXPECTATION_FAILED` (an `Expect` other than `100-continue`), 431 `VALIDATION_ERROR` (headers over 16 KiB).',
    ].join(' '),
    content: errorContent,
  },
};

