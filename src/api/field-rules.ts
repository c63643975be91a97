import type { z } from 'zod';
import { ApiError } from '../domain/api-error.js';
import { jsonPreview, truncateText } from '../lib/json-preview.js';

/** One field of a query string or body: the schema that checks it and the rule in words, for messages. */
export interface FieldRule {
  schema: z.ZodType;
  rule: string;
  required?: boolean;
}

export type FieldRules = Record<string, FieldRule>;

/**
 * Checks `input` field by field and answers the first problem as a VALIDATION_ERROR naming the field and
 * its rule: `quantity must be an integer from 1 to 2000 (got 2001)`. Unknown fields are refused too, so a
 * typo never passes silently.
 */
export function checkFields(input: Record<string, unknown>, rules: FieldRules, where: 'body' | 'query'): Record<string, unknown> {
  const noun = where === 'body' ? 'field' : 'query parameter';
  const allowed = Object.keys(rules);
  for (const name of Object.keys(input)) {
    if (!Object.hasOwn(rules, name)) {
      const hint = allowed.length ? `allowed: ${allowed.join(', ')}` : 'this route takes none';
      throw new ApiError('VALIDATION_ERROR', `unknown ${noun} ${jsonPreview(name)} (${hint})`);
    }
  }
  const output: Record<string, unknown> = {};
  for (const [name, { schema, rule, required }] of Object.entries(rules)) {
    const value = input[name];
    if (value === undefined) {
      if (required) throw new ApiError('VALIDATION_ERROR', `${name} is required: ${rule}`);
      continue;
    }
    const result = schema.safeParse(value);
    if (!result.success) throw new ApiError('VALIDATION_ERROR', `${name} must be ${rule} (got ${describeValue(value)})`);
    output[name] = result.data;
  }
  return output;
}

export function describeValue(value: unknown): string {
  if (Array.isArray(value)) return `an array: ${jsonPreview(value)}`;
  if (value === null) return 'null';
  if (typeof value === 'object') return 'an object';
  return truncateText(JSON.stringify(value));
}
