import { CALL_ROUTES } from '../contract/route-table.js';
import { addExamples } from './document-examples.js';
import type { OpenApiDocument, PathItemObject, RecordedExamples } from './openapi-types.js';
import { RESPONSES, operationOf } from './operations.js';
import { REQUEST_BODIES } from './request-bodies.js';
import { PARAMETERS } from './request-parameters.js';
import { RECORDED_EXAMPLES } from './recorded-examples.js';
import { SCHEMAS } from './resource-schemas.js';

/** Where the standalone sandbox serves the API by default. */
export const DEFAULT_SERVER_URL = 'http://127.0.0.1:4010/api/v1';

export interface OpenApiDocumentOptions {
  /** The base URL the document's `servers` names, ending in `/api/v1`. Default: `http://127.0.0.1:4010/api/v1`. */
  serverUrl?: string;
}

/**
 * The OpenAPI 3.0.3 description of the six routes, as the spec describes them. Paths, methods, scopes,
 * summaries and descriptions come from the route table the sandbox's router reads, limits from the constants
 * its request validation uses (both in src/contract), examples from answers recorded from the `default`
 * scenario (src/openapi/recorded-examples.ts).
 */
export function createOpenApiDocument(options: OpenApiDocumentOptions = {}): OpenApiDocument {
  return documentWithExamples(RECORDED_EXAMPLES, options);
}

/** The document with `examples` in it: those recorded now, as `npm run openapi` writes the document in one run. */
export function documentWithExamples(examples: RecordedExamples, { serverUrl = DEFAULT_SERVER_URL }: OpenApiDocumentOptions = {}): OpenApiDocument {
  const paths: Record<string, PathItemObject> = {};
  for (const route of CALL_ROUTES) paths[route.path] = { [route.method.toLowerCase()]: operationOf(route) };
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
      parameters: PARAMETERS,
      requestBodies: REQUEST_BODIES,
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
  addExamples(document, structuredClone(examples));
  return document;
}
