import { z } from 'zod';
import { QUERY_FIELDS } from '../contract/query-shapes.js';
import type { DocumentedCall } from './operations.js';
import type { ParameterObject, SchemaObject } from './openapi-types.js';
import { schemaOf } from './schema-of.js';

/**
 * The query parameters of the document, from the zod schemas the API validates queries with: each field's
 * JSON Schema, its description said by the parameter, required unless the schema makes it optional.
 */
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
