import { z } from 'zod';
import { ApiError } from '../domain/api-error.js';
import { describeValue, jsonPreview } from '../lib/json-preview.js';
import { validate } from '../scenarios/describe-issue.js';
import type { ParsedUrl } from '../lib/parsed-url.js';
import type { Behavior } from '../scenarios/scenario-schema.js';
import type { RouteFacts } from './route.js';

/** The rules of a body or query string. Build them with `fieldRules` (the imitated API) or `everyProblem` (the admin API). */
interface InputRules<S extends z.ZodType> {
  schema: S;
  /**
   * What the schema makes of no fields (most reads send no query), frozen; undefined when refused. Parsed at the
   * first ask: zod compiles each schema's parser at its first parse, ~2 ms at load before `serve` answered.
   */
  parsedEmpty(): z.output<S> | undefined;
  /** `issues`: at least one. */
  word(issues: readonly z.core.$ZodIssue[], input: unknown): string;
}

/** Rules of the imitated API's inputs: also where the fields are, and their names. */
export interface FieldRules<S extends z.ZodType> extends InputRules<S> {
  place: 'body' | 'query';
  names: readonly string[];
}

export function parseInput<S extends z.ZodType>(rules: InputRules<S>, input: unknown): z.output<S> {
  const empty = isEmptyRecord(input) ? rules.parsedEmpty() : undefined;
  if (empty !== undefined) return empty;
  const result = rules.schema.safeParse(input);
  if (!result.success) throw new ApiError('VALIDATION_ERROR', rules.word(result.error.issues, input));
  return result.data;
}

function parsedEmptyOf<S extends z.ZodType>(schema: S): () => z.output<S> | undefined {
  let parsed: { value: z.output<S> | undefined } | undefined;
  return () => {
    if (parsed === undefined) {
      const result = schema.safeParse({});
      parsed = { value: result.success ? (Object.freeze(result.data) as z.output<S>) : undefined };
    }
    return parsed.value;
  };
}

/** No fields of its own or inherited. */
export function isEmptyRecord(input: unknown): boolean {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return false;
  for (const _ in input) return false;
  return true;
}

/**
 * The first problem only, the field's rule in words: `quantity must be an integer from 1 to 2000 (got 2001)`.
 * Unknown fields come first, so a typo never passes silently: `unknown field "x" (allowed: a, b)`.
 */
export function fieldRules<Shape extends z.core.$ZodShape>(
  place: 'body' | 'query',
  schema: z.ZodObject<Shape>,
  rules: { readonly [K in keyof Shape]: string },
): FieldRules<z.ZodObject<Shape>> {
  const names = Object.keys(rules);
  const noun = place === 'body' ? 'field' : 'query parameter';
  const required = names.filter((name) => !z.safeParse(schema.shape[name]!, undefined).success);
  return {
    schema,
    parsedEmpty: parsedEmptyOf(schema),
    place,
    names,
    word(issues, input) {
      const unknown = issues.find((issue) => issue.code === 'unrecognized_keys');
      if (unknown) {
        const hint = names.length ? `allowed: ${names.join(', ')}` : 'this route takes none';
        return `unknown ${noun} ${jsonPreview(unknown.keys[0])} (${hint})`;
      }
      const name = issues[0]!.path[0];
      if (typeof name !== 'string') return `request ${place} must be a JSON object with ${required.join(' and ')}`;
      const value = (input as Record<string, unknown>)[name];
      const rule = rules[name]!;
      return value === undefined ? `${name} is required: ${rule}` : `${name} must be ${rule} (got ${describeValue(value)})`;
    },
  };
}

/** Every problem, `<field>: <what was expected>, got <what>` (`body` for the whole document), joined by `; `. */
export function everyProblem<S extends z.ZodType>(schema: S): InputRules<S> {
  return {
    schema,
    parsedEmpty: parsedEmptyOf(schema),
    word(_issues, input) {
      // Parsed again the way scenario files are, so that each issue carries its input and the schema's own message.
      const result = validate(schema, input);
      const problems = result.success ? [] : result.problems;
      return problems.map(({ path, message }) => `${path === '' ? 'body' : path.slice(1)}: ${message}`).join('; ');
    },
  };
}

/** The query string as one value per name; a parameter sent twice is refused rather than guessed at. */
export function readQuery(url: ParsedUrl): Record<string, string> {
  // Most reads send no query: the same empty one for each, without iterating search parameters.
  if (url.search === '') return NO_QUERY;
  const query: Record<string, string> = Object.create(null);
  for (const [name, value] of url.searchParams) {
    if (Object.hasOwn(query, name)) {
      throw new ApiError('VALIDATION_ERROR', `query parameter ${jsonPreview(name)} is given more than once; send it once`);
    }
    query[name] = value;
  }
  return query;
}

const NO_QUERY: Record<string, string> = Object.freeze(Object.create(null));

/** Fields the route does not take are refused (`reject`, the default) or left out and noted in `facts` for a hint (`ignore`). */
export function parseFields<S extends z.ZodType>(rules: FieldRules<S>, input: unknown, behavior: Behavior, facts: RouteFacts): z.output<S> {
  const mode = rules.place === 'query' ? behavior.unknownQueryParameter : behavior.unknownBodyField;
  if (mode === 'reject' || typeof input !== 'object' || input === null || Array.isArray(input) || isEmptyRecord(input)) return parseInput(rules, input);
  const known: Record<string, unknown> = {};
  const unknown: string[] = [];
  for (const [name, value] of Object.entries(input)) {
    if (rules.names.includes(name)) known[name] = value;
    else unknown.push(name);
  }
  if (unknown.length > 0) facts[rules.place === 'query' ? 'ignoredQueryParameters' : 'ignoredBodyFields'] = unknown;
  return parseInput(rules, known);
}
