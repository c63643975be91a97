import type { z } from 'zod';
import type { OperationObject, ReferenceObject, ResponseObject, SchemaObject } from './openapi-types.js';
import { ref } from './resource-schemas.js';

/** What the document says of a call (src/api/calls, `CallDefinition`). */
export interface DocumentedCall {
  /** The operationId. */
  name: string;
  method: 'GET' | 'POST';
  /** Below the API's base address. */
  path: string;
  scope: string;
  summary: string;
  description: string;
  /** Its query's zod schema: each field a parameter of components.parameters. */
  query: { schema: z.ZodObject };
  /** Its JSON body's zod schema: the request body of components.requestBodies named by `bodyNameOf`. */
  body?: { schema: z.ZodObject } | undefined;
  /** The schema of its 200 answer: a name of components.schemas, or the schema itself. */
  success: string | SchemaObject;
  /** Error statuses the spec lists for it besides 401 and 403 (every call). */
  errors?: readonly ('400' | '404' | '409')[] | undefined;
  /** Values of its query parameters and body fields that `npm run openapi` records the examples with (ids aside: src/openapi-examples.ts). */
  examples?: { query?: Readonly<Record<string, string | number>>; body?: Readonly<Record<string, unknown>> } | undefined;
}

/** The name of a call's request body in components.requestBodies: `CreateOrder` for createOrder. */
export const bodyNameOf = (call: Pick<DocumentedCall, 'name'>): string => call.name.charAt(0).toUpperCase() + call.name.slice(1);

const parameterRef = (name: string): ReferenceObject => ({ $ref: `#/components/parameters/${name}` });
const responseRef = (name: string): ReferenceObject => ({ $ref: `#/components/responses/${name}` });

export function operationOf(call: DocumentedCall): OperationObject {
  const errors = call.errors ?? [];
  const parameters = Object.keys(call.query.schema.shape).map(parameterRef);
  const responses: OperationObject['responses'] = {
    200: { description: 'Success.', content: { 'application/json': { schema: typeof call.success === 'string' ? ref(call.success) : call.success } } },
    ...(errors.includes('400') && { 400: responseRef('BadRequest') }),
    401: responseRef('Unauthorized'),
    403: responseRef('Forbidden'),
    ...(errors.includes('404') && { 404: responseRef('NotFound') }),
    ...(errors.includes('409') && { 409: responseRef('Conflict') }),
    default: responseRef('OtherError'),
  };
  return {
    operationId: call.name,
    summary: call.summary,
    description: `${call.description}\n\nRequired scope: \`${call.scope}\`.`,
    tags: ['eSIM wholesale'],
    ...(parameters.length > 0 && { parameters }),
    ...(call.body && { requestBody: { $ref: `#/components/requestBodies/${bodyNameOf(call)}` } }),
    responses,
    'x-required-scope': call.scope,
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

