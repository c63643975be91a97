import { z } from 'zod';
import { QUERY_FIELDS } from '../contract/query-shapes.js';
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

export const PARAMETERS = parametersOf(QUERY_FIELDS);
