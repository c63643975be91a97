import type { z } from 'zod';
import { ApiError } from '../domain/api-error.js';
import { validate } from '../scenarios/describe-issue.js';

/** Parses admin input or throws a 400 VALIDATION_ERROR whose message names each field and the rule it broke. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = validate(schema, input);
  if (result.success) return result.data;
  const problems = result.problems.map(({ path, message }) => `${path === '' ? 'body' : path.slice(1)}: ${message}`);
  throw new ApiError('VALIDATION_ERROR', problems.join('; '));
}
