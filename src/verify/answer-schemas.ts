import { z } from 'zod';
import { UUID_PATTERN } from '../contract/request-limits.js';
import { apiDocument } from '../api/openapi-document.js';
import type { OpenApiDocument } from '../openapi/openapi-types.js';

/**
 * The answer schemas of the OpenAPI document as zod schemas, converted by zod's own `fromJSONSchema`
 * (OpenAPI 3.0 target: `nullable` understood). zod is already a dependency of the package, so checking
 * a deployment adds none; the test suite's ajv check of the same document is cross-checked against this
 * one in test/verify. Two things are tightened or loosened on the way, as the suite does:
 * - every object is closed: the spec lists every field, and an answer with one more breaks the contract;
 * - `format: uuid` is the 8-4-4-4-12 hex pattern the sandbox itself accepts, not zod's stricter RFC 9562
 *   check, so an id of another UUID version or variant is not reported as broken.
 */
const ANNOTATIONS: ReadonlySet<string> = new Set(['description', 'example', 'examples', 'default', 'title']);
const UUID_JSON_PATTERN = UUID_PATTERN.source.replaceAll('[0-9a-f]', '[0-9a-fA-F]');

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function toJsonSchema(node: Json): Json {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, Json> = {};
  for (const [key, value] of Object.entries(node)) {
    if (ANNOTATIONS.has(key)) continue;
    if (key === 'properties' && value !== null && typeof value === 'object' && !Array.isArray(value)) {
      // Field names are data here, not keywords: a field called "description" stays.
      out[key] = Object.fromEntries(Object.entries(value).map(([name, schema]) => [name, toJsonSchema(schema)]));
    } else if (key === '$ref' && typeof value === 'string') {
      out[key] = value.replace('#/components/schemas/', '#/definitions/');
    } else {
      out[key] = toJsonSchema(value);
    }
  }
  if (out.format === 'uuid') {
    delete out.format;
    out.pattern = UUID_JSON_PATTERN;
  }
  if (out.type === 'object' && out.properties && out.additionalProperties === undefined) out.additionalProperties = false;
  return out;
}

let cache: { document: OpenApiDocument; schemas: Map<string, z.ZodType> } | undefined;

function state() {
  if (!cache) cache = { document: apiDocument(), schemas: new Map() };
  return cache;
}

/** The OpenAPI document answers are checked against. */
export function contractDocument(): OpenApiDocument {
  return state().document;
}

/** The zod schema of a component of the document, by name: `BalanceEnvelope`. */
export function answerSchema(name: string): z.ZodType {
  const { document, schemas } = state();
  let schema = schemas.get(name);
  if (!schema) {
    if (!document.components.schemas[name]) throw new Error(`the OpenAPI document has no schema ${name}`);
    const definitions = toJsonSchema(document.components.schemas as unknown as Json);
    schema = z.fromJSONSchema({ definitions, $ref: `#/definitions/${name}` } as never, { defaultTarget: 'openapi-3.0' });
    schemas.set(name, schema);
  }
  return schema;
}
