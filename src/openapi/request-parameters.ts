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

/**
 * The query fields of the calls, each once, in the order of QUERY_FIELDS (others after): a parameter of
 * components.parameters is one schema, so two calls that give one name two schemas are refused.
 */
export function queryFieldsOf(calls: readonly DocumentedCall[]): Record<string, z.ZodType> {
  const fields = new Map<string, { schema: z.ZodType; call: string }>();
  for (const call of calls) {
    for (const [name, schema] of Object.entries(call.query.schema.shape) as [string, z.ZodType][]) {
      const seen = fields.get(name);
      if (seen && seen.schema !== schema) {
        throw new Error(`query parameter ${name} of ${call.name} is not the schema ${seen.call} takes under that name: share one schema (src/contract/query-shapes.ts) or name it apart`);
      }
      fields.set(name, seen ?? { schema, call: call.name });
    }
  }
  const names = [...fields.keys()].sort((a, b) => rank(a) - rank(b));
  return Object.fromEntries(names.map((name) => [name, fields.get(name)!.schema]));
}
