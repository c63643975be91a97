import { z } from 'zod';
import { ApiError } from '../domain/api-error.js';
import { validate } from '../scenarios/describe-issue.js';

/** A scenario named in a request: a built-in name, or a file inside a scenario dir (the loader decides which may be read). */
export const scenarioNameSchema = z
  .string()
  .min(1, 'expected the name of a built-in scenario or the path of a .json file inside a --scenario-dir')
  .max(1000, 'expected a name or path of at most 1000 characters');

/** Parses admin input or throws a 400 VALIDATION_ERROR whose message names each field and the rule it broke. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = validate(schema, input);
  if (result.success) return result.data;
  const problems = result.problems.map(({ path, message }) => `${path === '' ? 'body' : path.slice(1)}: ${message}`);
  throw new ApiError('VALIDATION_ERROR', problems.join('; '));
}
