import { z } from 'zod';
import type { SchemaObject } from './openapi-types.js';

/** The order of a schema's keys in the document: its kind, then what it says, then its rules. */
const KEY_ORDER = ['type', 'format', 'description', 'required', 'additionalProperties', 'properties', 'minimum', 'maximum', 'minLength', 'maxLength', 'enum', 'default'];

/**
 * A query parameter is text read by a transform: zod leaves out the `default` of a transforming schema's input, so
 * the metadata's is put back; and a metadata `type` describes the decoded value (`limit`: integer), not the text's pattern.
 */
export function schemaOf(shape: z.ZodType): SchemaObject {
  const json = z.toJSONSchema(shape, {
    target: 'openapi-3.0',
    io: 'input',
    override: ({ zodSchema, jsonSchema }) => {
      const meta = z.globalRegistry.get(zodSchema);
      if (meta?.default !== undefined) jsonSchema.default = meta.default;
      if (jsonSchema.format === 'uuid' || meta?.type !== undefined) delete jsonSchema.pattern;
    },
  });
  return ordered(json) as SchemaObject;
}

/** Properties' schemas too; keys not in `KEY_ORDER` after, as they came. */
function ordered(schema: Record<string, unknown>): Record<string, unknown> {
  const entries = Object.entries(schema).sort(([a], [b]) => rank(a) - rank(b));
  return Object.fromEntries(entries.map(([key, value]) => [key, key === 'properties' ? orderedProperties(value as Record<string, Record<string, unknown>>) : value]));
}

const orderedProperties = (properties: Record<string, Record<string, unknown>>) =>
  Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, ordered(property)]));

const rank = (key: string) => (KEY_ORDER.includes(key) ? KEY_ORDER.indexOf(key) : KEY_ORDER.length);
