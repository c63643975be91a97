import { addExamples } from './document-examples.js';
import type { OpenApiDocument, ParameterObject, PathItemObject, RecordedExamples, RequestBodyObject } from './openapi-types.js';
import { RESPONSES, bodyNameOf, operationOf, type DocumentedCall } from './operations.js';
import { parametersOf, queryFieldsOf } from './request-parameters.js';
import { SCHEMAS } from './resource-schemas.js';
import { schemaOf } from './schema-of.js';

/** Where the standalone sandbox serves the API by default. */
export const DEFAULT_SERVER_URL = 'http://127.0.0.1:4010/api/v1';

export interface OpenApiDocumentOptions {
  /** The base URL the document's `servers` names, ending in `/api/v1`. Default: `http://127.0.0.1:4010/api/v1`. */
  serverUrl?: string;
}

/** What the document says of a list of calls: their paths, and the parameters and request bodies they refer to. */
export interface DescribedCalls {
  paths: Record<string, PathItemObject>;
  parameters: Record<string, ParameterObject>;
  requestBodies: Record<string, RequestBodyObject>;
}

/** The description of `calls` (the API's: src/api/calls), made once: the document is made from it for each asker. */
export function describeCalls(calls: readonly DocumentedCall[]): DescribedCalls {
  const paths: Record<string, PathItemObject> = {};
  const requestBodies: Record<string, RequestBodyObject> = {};
  for (const call of calls) {
    paths[call.path] = { [call.method.toLowerCase()]: operationOf(call) };
    if (call.body) requestBodies[bodyNameOf(call)] = { required: true, content: { 'application/json': { schema: schemaOf(call.body.schema) } } };
  }
  return { paths, parameters: parametersOf(queryFieldsOf(calls)), requestBodies };
}

/**
 * The OpenAPI 3.0.3 description of the calls `described`, with `examples` in it. Paths, methods, scopes,
 * summaries, descriptions, parameters, bodies and answers come from the calls the sandbox's router reads, limits
 * from the constants its request validation uses (src/contract), examples from answers of fresh sandboxes of the
 * `default` scenario (src/openapi-examples.ts).
 */
export function documentOf({ paths, parameters, requestBodies }: DescribedCalls, examples: RecordedExamples | undefined, { serverUrl = DEFAULT_SERVER_URL }: OpenApiDocumentOptions = {}): OpenApiDocument {
  // A copy of its own for every caller: the schemas and the examples are shared module constants.
  const document = structuredClone<OpenApiDocument>({
    openapi: '3.0.3',
    info: {
      title: 'eSIM Wholesale Provisioning API',
      version: '1.0.0',
      description:
        'Wholesale eSIM provisioning: a wallet in Thai baht (THB), active products with account-specific tier ' +
        'pricing, orders whose eSIMs are provisioned immediately, and the history of orders and payments. Every ' +
        'route requires an API key in the `x-api-key` header carrying the scope the route names.\n\n' +
        'Served by esim-wholesale-sandbox, a deterministic imitation of the service. The test keys of its ' +
        '`default` scenario: `sk_test_full_access` (all five scopes), `sk_test_read_only` (the four `:read` ' +
        'scopes), `sk_test_kyc_pending` (403 `KYC_REQUIRED`) and `sk_test_revoked` (401 `UNAUTHORIZED`). The ' +
        'examples are its answers: a fresh sandbox (scenario `default`, seed 1) asked with the parameter and body ' +
        'examples and `sk_test_full_access` gives each success example as shown.',
    },
    servers: [{ url: serverUrl, description: 'esim-wholesale-sandbox' }],
    tags: [{ name: 'eSIM wholesale', description: 'The six routes of the service.' }],
    security: [{ apiKey: [] }],
    paths,
    components: {
      schemas: SCHEMAS,
      responses: RESPONSES,
      parameters,
      requestBodies,
      securitySchemes: {
        apiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'x-api-key',
          description: 'An API key; each route requires one scope: `balance:read`, `products:read`, `payments:read`, `orders:write` or `orders:read`.',
        },
      },
    },
  });
  if (examples) addExamples(document, structuredClone(examples));
  return document;
}
