import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { createOpenApiDocument, type OpenApiDocument } from 'esim-wholesale-sandbox';

/**
 * Checks answers of the sandbox against its OpenAPI document: the status must be documented for the operation
 * (or covered by its `default`), and the JSON body must match the schema of that response.
 *
 * The schemas are OpenAPI 3.0 schema objects; Ajv 8 validates them as they are, `nullable` included (its own
 * `nullable` keyword implements OpenAPI 3.0's), so no conversion step or further package is needed. On top of
 * the document, which leaves objects open as the spec does, every object here refuses fields its schema does
 * not list: the sandbox promises never to answer a field the spec does not list.
 */

export const DOCUMENT: OpenApiDocument = await createOpenApiDocument();

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The component schemas as one JSON Schema document: refs point at `#/definitions/…`, objects are closed. */
function closedDefinitions(document: OpenApiDocument): Record<string, Json> {
  const rewrite = (node: Json): Json => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (node === null || typeof node !== 'object') return node;
    const out: Record<string, Json> = {};
    for (const [key, value] of Object.entries(node)) {
      out[key] = key === '$ref' && typeof value === 'string' ? value.replace('#/components/schemas/', 'openapi#/definitions/') : rewrite(value);
    }
    if (out.type === 'object' && out.properties && out.additionalProperties === undefined) out.additionalProperties = false;
    return out;
  };
  return rewrite(document.components.schemas as unknown as Json) as Record<string, Json>;
}

const ajv = new Ajv({ strict: true, allErrors: true });
addFormats.default(ajv, ['uuid', 'date-time']);
ajv.addSchema({ $id: 'openapi', definitions: closedDefinitions(DOCUMENT) });

const validators = new Map<string, ValidateFunction>();
function validatorFor(schemaRef: string): ValidateFunction {
  let validate = validators.get(schemaRef);
  if (!validate) {
    validate = ajv.compile({ $ref: schemaRef.replace('#/components/schemas/', 'openapi#/definitions/') });
    validators.set(schemaRef, validate);
  }
  return validate;
}

export interface Answer {
  method: string;
  /** Path below the API's base address, query string included: `/getProducts?limit=1`. */
  path: string;
  status: number;
  contentType: string | null;
  body: unknown;
}

/**
 * What is wrong with an answer, by the document; empty when it conforms. A path the document does not list
 * (an unknown route, a wrong method, `/openapi.json`) has no operation: its errors must still be the error
 * envelope, which is what the document's `default` would say.
 */
export function contractProblems(answer: Answer): string[] {
  const routePath = answer.path.split('?')[0]!;
  if (routePath === '/openapi.json') return [];
  const operation = DOCUMENT.paths[routePath]?.[answer.method.toLowerCase() as 'get' | 'post'];
  const where = `${answer.method} ${routePath} → ${answer.status}`;
  let schemaRef: string;
  if (!operation) {
    if (answer.status < 400) return [`${where}: a success for an operation the document does not have`];
    schemaRef = '#/components/schemas/ErrorEnvelope';
  } else {
    const response = operation.responses[String(answer.status)] ?? operation.responses.default;
    if (!response) return [`${where}: status not documented for ${operation.operationId} and no default response`];
    const resolved = '$ref' in response ? DOCUMENT.components.responses[response.$ref.split('/').pop()!] : response;
    const schema = resolved?.content?.['application/json']?.schema;
    if (!schema || !('$ref' in schema)) return [`${where}: the document gives no JSON schema for this response`];
    schemaRef = schema.$ref;
  }
  if (!/^application\/json\b/.test(answer.contentType ?? '')) return [`${where}: content-type ${answer.contentType}, documented application/json`];
  const validate = validatorFor(schemaRef);
  if (validate(answer.body)) return [];
  return (validate.errors ?? []).map((error) => `${where}: body${error.instancePath} ${error.message} (${schemaRef.split('/').pop()} ${error.schemaPath})`);
}

/**
 * Reads a clone of `response` (the caller still reads the original) and throws when it does not conform to
 * the document, so that the test that made the request fails.
 */
export async function assertDocumented(method: string, path: string, response: Response): Promise<void> {
  // Not operations of the document: HEAD is a GET without its body, OPTIONS a 204 naming the methods.
  if (method === 'HEAD' || method === 'OPTIONS') return;
  const text = await response.clone().text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`${method} ${path} → ${response.status}: the body is not JSON, the document says application/json: ${text.slice(0, 200)}`);
  }
  const problems = contractProblems({ method, path, status: response.status, contentType: response.headers.get('content-type'), body });
  if (problems.length > 0) {
    throw new Error(`the answer does not conform to the OpenAPI document:\n  ${problems.join('\n  ')}\nbody: ${text.slice(0, 500)}`);
  }
}
