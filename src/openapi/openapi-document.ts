import { z } from 'zod';
import { QUERY_FIELDS } from '../contract/request-limits.js';
import type { MediaTypeObject, OpenApiDocument, ParameterObject, PathItemObject, RecordedExamples, RequestBodyObject, SchemaObject } from './openapi-types.js';
import { RESPONSES, bodyNameOf, operationOf, type DocumentedCall } from './operations.js';
import { SCHEMAS } from './resource-schemas.js';
import { schemaOf } from './schema-of.js';

/** Where the standalone sandbox serves the API by default. */
export const DEFAULT_SERVER_URL = 'http://127.0.0.1:4010/api/v1';

export interface OpenApiDocumentOptions {
  /** The base URL the document's `servers` names, ending in `/api/v1`. Default: `http://127.0.0.1:4010/api/v1`. */
  serverUrl?: string;
}

export interface DescribedCalls {
  paths: Record<string, PathItemObject>;
  parameters: Record<string, ParameterObject>;
  requestBodies: Record<string, RequestBodyObject>;
}

/** Made once; the document is made from it for each asker. */
export function describeCalls(calls: readonly DocumentedCall[]): DescribedCalls {
  const paths: Record<string, PathItemObject> = {};
  const requestBodies: Record<string, RequestBodyObject> = {};
  for (const call of calls) {
    paths[call.path] = { [call.method.toLowerCase()]: operationOf(call) };
    // Inline rather than a named schema, so that openapi-typescript keeps a field with a default optional in the request type.
    if (call.body) requestBodies[bodyNameOf(call)] = { required: true, content: { 'application/json': { schema: schemaOf(call.body.schema) } } };
  }
  return { paths, parameters: parametersOf(queryFieldsOf(calls)), requestBodies };
}

/** Everything in it comes from the calls the router reads and the limits its validation uses (src/contract). */
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

/** From the zod schemas the API validates queries with, so that document and behaviour cannot drift. */
export function parametersOf(fields: Record<string, z.ZodType>): Record<string, ParameterObject> {
  const query = schemaOf(z.strictObject(fields));
  const parameters: Record<string, ParameterObject> = {};
  for (const [name, { description, ...schema }] of Object.entries(query.properties ?? {}) as [string, SchemaObject][]) {
    parameters[name] = { name, in: 'query', ...(description !== undefined && { description }), required: query.required?.includes(name) ?? false, schema };
  }
  return parameters;
}

const ORDER: readonly string[] = Object.keys(QUERY_FIELDS);
const rank = (name: string) => (ORDER.includes(name) ? ORDER.indexOf(name) : ORDER.length);

/** The query fields of the calls, each once, in the order of QUERY_FIELDS (others after). */
export function queryFieldsOf(calls: readonly DocumentedCall[]): Record<string, z.ZodType> {
  const fields: Record<string, z.ZodType> = Object.assign({}, ...calls.map((call) => call.query.schema.shape));
  return Object.fromEntries(Object.keys(fields).sort((a, b) => rank(a) - rank(b)).map((name) => [name, fields[name]!]));
}

/**
 * So that tools making calls from the document (Prism, Portman, Swagger UI's "Try it out") send ids that exist in
 * the `default` scenario. A part without an example is left without one (a test fails on it), never refused here:
 * the served document must always build.
 */
function addExamples(document: OpenApiDocument, examples: RecordedExamples): void {
  const { parameters, requestBodies, responses } = document.components;
  for (const [name, parameter] of Object.entries(parameters)) {
    if (Object.hasOwn(examples.parameters, name)) parameter.example = examples.parameters[name];
  }
  for (const [name, body] of Object.entries(requestBodies)) {
    if (Object.hasOwn(examples.requestBodies, name)) withJson(body, { example: examples.requestBodies[name] });
  }
  for (const [name, response] of Object.entries(responses)) {
    if (examples.errors[name]) withJson(response, { examples: examples.errors[name] });
  }
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item)) {
      const success = operation.responses['200'];
      if (success && !('$ref' in success) && Object.hasOwn(examples.successes, operation.operationId)) {
        withJson(success, { example: examples.successes[operation.operationId] });
      }
    }
  }
}

/**
 * Adds `fields` to the `application/json` content of `holder` as a new object: the error responses share one
 * content object, which must not carry the examples of all of them.
 */
function withJson(holder: { content?: Record<string, MediaTypeObject> }, fields: Partial<MediaTypeObject>): void {
  const json = holder.content?.['application/json'];
  if (json) holder.content = { ...holder.content, 'application/json': { ...json, ...fields } };
}
