import { z } from 'zod';
import { ApiError } from '../domain/api-error.js';
import { describeValue, jsonPreview } from '../lib/json-preview.js';
import { validate } from '../scenarios/describe-issue.js';
import type { ParsedUrl } from '../lib/parsed-url.js';
import type { Behavior } from '../scenarios/scenario-schema.js';
import type { RouteFacts } from './route.js';

/**
 * The rules of one input (a request body, a query string): the zod schema that parses it, and how the
 * message of a refusal is worded from the issues zod found (at least one). Build them with `fieldRules`
 * (the imitated API) or `everyProblem` (the admin API).
 */
export interface InputRules<S extends z.ZodType> {
  schema: S;
  /**
   * What the schema makes of no fields at all (most reads send no query), parsed at the first ask and frozen:
   * the same for every such request; undefined when no fields is refused. Not parsed when the rules are made:
   * zod compiles a parser for each schema at its first parse, ~2 ms as the program loaded (the queued fault's
   * union, each call's query) before `serve` answered.
   */
  parsedEmpty(): z.output<S> | undefined;
  word(issues: readonly z.core.$ZodIssue[], input: unknown): string;
}

/** Rules of the imitated API's inputs: also where the fields are, and their names. */
export interface FieldRules<S extends z.ZodType> extends InputRules<S> {
  place: 'body' | 'query';
  names: readonly string[];
}

/** `input` as `rules.schema` parses it, or a 400 VALIDATION_ERROR worded by `rules`. */
export function parseInput<S extends z.ZodType>(rules: InputRules<S>, input: unknown): z.output<S> {
  const empty = isEmptyRecord(input) ? rules.parsedEmpty() : undefined;
  if (empty !== undefined) return empty;
  const result = rules.schema.safeParse(input);
  if (!result.success) throw new ApiError('VALIDATION_ERROR', rules.word(result.error.issues, input));
  return result.data;
}

/** `schema`'s output for no fields, frozen, parsed at the first call; undefined when it refuses them. */
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

/** An object with no fields of its own or inherited (`{}`, or a query with no parameters). */
export function isEmptyRecord(input: unknown): boolean {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return false;
  for (const _ in input) return false;
  return true;
}

/**
 * Rules worded the imitated API's way: the first problem only, naming the field and its rule in words:
 * `quantity must be an integer from 1 to 2000 (got 2001)`, `productId is required: a product id…`.
 * Unknown fields come first, so a typo never passes silently: `unknown field "x" (allowed: a, b)`. A field
 * the schema does not make optional is required. `place` names what holds the fields.
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

/**
 * Rules worded the admin API's way: every problem, `<field>: <what was expected>, got <what>` (`body` for
 * the whole document), joined by `; `. The schema's own messages are kept as written.
 */
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

/**
 * `input` as `rules` parse it, after the scenario's switch for fields the route does not take: refused by the
 * rules (`reject`, the default), or left out and noted in `facts` for a hint (`ignore`).
 */
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
