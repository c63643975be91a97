import { z } from 'zod';
import { CREATE_ORDER_BODY } from '../contract/request-shapes.js';
import type { RequestBodyObject, SchemaObject } from './openapi-types.js';

/** The order of a schema's keys in the document: its kind, then what it says, then its rules. */
const KEY_ORDER = ['type', 'format', 'description', 'required', 'additionalProperties', 'properties', 'minimum', 'maximum', 'minLength', 'maxLength', 'default'];

/** The OpenAPI schema of a request shape: zod's JSON Schema for OpenAPI 3.0, a UUID's pattern said as its format. */
export function schemaOf(shape: z.ZodType): SchemaObject {
  const json = z.toJSONSchema(shape, {
    target: 'openapi-3.0',
    io: 'input',
    override: ({ jsonSchema }) => {
      if (jsonSchema.format === 'uuid') delete jsonSchema.pattern;
    },
  });
  return ordered(json) as SchemaObject;
}

/** The keys of a schema, and of the schemas of its properties, in `KEY_ORDER` (the others after, as they came). */
function ordered(schema: Record<string, unknown>): Record<string, unknown> {
  const keys = Object.keys(schema).sort((a, b) => rank(a) - rank(b));
  const result: Record<string, unknown> = {};
  for (const key of keys) {
    const value = schema[key];
    result[key] =
      key === 'properties'
        ? Object.fromEntries(Object.entries(value as Record<string, Record<string, unknown>>).map(([name, property]) => [name, ordered(property)]))
        : value;
  }
  return result;
}

const rank = (key: string) => (KEY_ORDER.includes(key) ? KEY_ORDER.indexOf(key) : KEY_ORDER.length);

export const REQUEST_BODIES: Record<string, RequestBodyObject> = {
  CreateOrder: { required: true, content: { 'application/json': { schema: schemaOf(CREATE_ORDER_BODY) } } },
};
