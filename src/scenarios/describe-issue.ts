import { z } from 'zod';
import { describeValue } from '../lib/json-preview.js';

export interface IssueDescription {
  path: string;
  segments: readonly PropertyKey[];
  message: string;
}

export type ValidationResult<T> =
  | { success: true; data: T }
  | { success: false; problems: IssueDescription[] };

/** Marks zod's own messages, so that only messages a schema sets itself are kept as written. */
const NO_CUSTOM_MESSAGE = '\u0000';

/**
 * `describeIssue` needs each issue's input and no default message. `jitless`: a scenario is parsed once, and
 * compiling a schema first costs more than it saves (default scenario: ~14 ms instead of ~30 ms).
 */
const describableParseParams = { reportInput: true, error: () => NO_CUSTOM_MESSAGE, jitless: true } as const;

const ENTRIES_CHECKED_AFTER_OVERFLOW = 1000;

/**
 * Zod gathers issues with spreads, so ~100,000 of them in one list overflow the call stack: then only the first
 * entries of each list are checked, with one more problem saying the rest went unchecked.
 */
export function validate<S extends z.ZodType>(schema: S, data: unknown): ValidationResult<z.output<S>> {
  let result: z.ZodSafeParseResult<z.output<S>>;
  try {
    result = schema.safeParse(data, describableParseParams);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return validateFirstEntries(schema, data);
  }
  if (result.success) return { success: true, data: result.data };
  return {
    success: false,
    problems: result.error.issues.map((issue) => ({
      path: toJsonPointer(issue.path),
      segments: issue.path,
      message: describeIssue(issue, schemaAt(schema, issue.path)),
    })),
  };
}

function validateFirstEntries<S extends z.ZodType>(schema: S, data: unknown): ValidationResult<z.output<S>> {
  const tooMany: IssueDescription = {
    path: '',
    segments: [],
    message:
      `has too many invalid values to check at once; the first ${ENTRIES_CHECKED_AFTER_OVERFLOW} entries of each list ` +
      'were checked and their problems follow: fix those and check again',
  };
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return { success: false, problems: [tooMany] };
  const firstEntries = Object.fromEntries(
    Object.entries(data).map(([key, value]) => [key, Array.isArray(value) ? value.slice(0, ENTRIES_CHECKED_AFTER_OVERFLOW) : value]),
  );
  const result = validate(schema, firstEntries);
  return { success: false, problems: [tooMany, ...(result.success ? [] : result.problems)] };
}

/** `["products", 3, "inventory"]` → `/products/3/inventory` (RFC 6901 escaping). */
export function toJsonPointer(path: readonly PropertyKey[]): string {
  return path.map((key) => '/' + String(key).replaceAll('~', '~0').replaceAll('/', '~1')).join('');
}

/** E.g. `expected a number, got "10"`; `schema` (at the issue's path) names allowed fields and whether null is allowed. */
function describeIssue(issue: z.core.$ZodIssue, schema?: z.core.$ZodType): string {
  const custom = issue.message !== NO_CUSTOM_MESSAGE ? issue.message : undefined;
  const got = 'input' in issue ? describeValue(issue.input) : undefined;
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return custom ?? `required field is missing; expected ${typeName(issue.expected)}`;
      const expected = typeName(issue.expected) + (isNullable(schema) ? ' or null' : '');
      return withGot(custom ?? `expected ${expected}`, got);
    }
    case 'unrecognized_keys': {
      const allowed = objectKeys(schema);
      const noun = issue.keys.length === 1 ? 'unknown field' : 'unknown fields';
      const message = `${noun} ${issue.keys.map((key) => JSON.stringify(key)).join(', ')}`;
      return allowed ? `${message}; allowed fields: ${allowed.join(', ')}` : message;
    }
    case 'invalid_value':
      return withGot(custom ?? `expected ${oneOf(issue.values)}`, got);
    case 'too_small':
    case 'too_big':
      return withGot(custom ?? `expected ${describeBound(issue)}`, issue.origin === 'array' && Array.isArray(issue.input) ? `${issue.input.length}` : got);
    case 'invalid_format':
      return withGot(custom ?? `expected ${describeFormat(issue)}`, got);
    case 'not_multiple_of':
      return withGot(custom ?? `expected ${describeMultiple(issue.divisor)}`, got);
    case 'invalid_union':
      return custom ?? describeUnion(issue, got);
    case 'invalid_key':
      return `invalid key: ${issue.issues.map((inner) => describeIssue(inner)).join('; ')}`;
    case 'invalid_element':
      return `invalid element: ${issue.issues.map((inner) => describeIssue(inner)).join('; ')}`;
    case 'custom':
      return custom ?? 'invalid value';
  }
}

function withGot(expected: string, got: string | undefined): string {
  return got === undefined ? expected : `${expected}, got ${got}`;
}

const TYPE_NAMES: Record<string, string> = {
  string: 'a string', number: 'a number', int: 'an integer', boolean: 'a boolean', object: 'an object',
  record: 'an object', array: 'an array', tuple: 'an array', null: 'null', undefined: 'nothing',
  nonoptional: 'a value', date: 'a date', bigint: 'a bigint',
};

function typeName(expected: string): string {
  return TYPE_NAMES[expected] ?? `a ${expected}`;
}

function oneOf(values: readonly unknown[]): string {
  const listed = values.map((value) => JSON.stringify(value)).join(', ');
  return values.length === 1 ? listed : `one of ${listed}`;
}

function describeBound(issue: z.core.$ZodIssueTooSmall | z.core.$ZodIssueTooBig): string {
  const isMin = issue.code === 'too_small';
  const limit = Number(isMin ? (issue as z.core.$ZodIssueTooSmall).minimum : (issue as z.core.$ZodIssueTooBig).maximum);
  const unit = { string: 'character', array: 'item', set: 'item', file: 'byte' }[issue.origin as string];
  if (unit) {
    const count = `${limit} ${unit}${limit === 1 ? '' : 's'}`;
    if (issue.exact) return `exactly ${count}`;
    return isMin ? `at least ${count}` : `at most ${count}`;
  }
  const noun = issue.origin === 'date' ? 'a date' : 'a number';
  if (isMin) return issue.inclusive ? `${noun} of at least ${limit}` : `${noun} greater than ${limit}`;
  return issue.inclusive ? `${noun} of at most ${limit}` : `${noun} less than ${limit}`;
}

function describeMultiple(divisor: number): string {
  const decimals = -Math.log10(divisor);
  if (Number.isInteger(decimals) && decimals > 0) return `a number with at most ${decimals} decimal${decimals === 1 ? '' : 's'}`;
  return `a multiple of ${divisor}`;
}

const FORMAT_NAMES: Record<string, string> = {
  uuid: 'a UUID like "3f2b9c1e-7a4d-4e8b-9c2f-1a2b3c4d5e6f"',
  datetime: 'an ISO 8601 date-time with a time zone like "2026-01-15T09:00:00.000Z"',
  date: 'an ISO 8601 date like "2026-01-15"',
  email: 'an email address',
  url: 'a URL',
};

function describeFormat(issue: z.core.$ZodIssueInvalidStringFormat): string {
  const known = FORMAT_NAMES[issue.format];
  if (known) return known;
  if (issue.format === 'regex' && issue.pattern) return `a string matching ${issue.pattern}`;
  const details = issue as unknown as { prefix?: string; suffix?: string; includes?: string };
  if (details.prefix !== undefined) return `a string starting with ${JSON.stringify(details.prefix)}`;
  if (details.suffix !== undefined) return `a string ending with ${JSON.stringify(details.suffix)}`;
  if (details.includes !== undefined) return `a string containing ${JSON.stringify(details.includes)}`;
  return `a valid ${issue.format}`;
}

/** Branches that each failed on the value itself merge into one "expected A or B"; otherwise the closest branch is described. */
function describeUnion(issue: z.core.$ZodIssueInvalidUnion, got: string | undefined): string {
  const branches = issue.errors;
  if (branches.length === 0) return withGot('expected a value matching exactly one allowed form', got);
  const atRoot = branches.every((branch) => branch.length === 1 && branch[0]!.path.length === 0);
  if (atRoot) {
    const firsts = branches.map((branch) => branch[0]!);
    if (firsts.every((inner) => inner.code === 'invalid_value')) {
      return withGot(`expected ${oneOf(firsts.flatMap((inner) => inner.values))}`, got);
    }
    if (firsts.every((inner) => inner.code === 'invalid_type')) {
      return withGot(`expected ${firsts.map((inner) => typeName(inner.expected)).join(' or ')}`, got);
    }
  }
  const closest = [...branches].sort((a, b) => a.length - b.length)[0]!;
  return closest.map((inner) => `${toJsonPointer(inner.path) || '(value)'}: ${describeIssue(inner)}`).join('; ');
}

// Walking a schema to the position of an issue, through the wrappers zod puts around a type.

interface AnyDef {
  type: string;
  innerType?: z.core.$ZodType;
  in?: z.core.$ZodType;
  shape?: Record<string, z.core.$ZodType>;
  element?: z.core.$ZodType;
  valueType?: z.core.$ZodType;
  options?: z.core.$ZodType[];
}

const WRAPPERS: ReadonlySet<string> = new Set(['optional', 'nullable', 'default', 'prefault', 'nonoptional', 'readonly', 'catch']);

function defOf(schema: z.core.$ZodType): AnyDef {
  return schema._zod.def as unknown as AnyDef;
}

function unwrap(schema: z.core.$ZodType): z.core.$ZodType {
  let current = schema;
  for (let def = defOf(current); ; def = defOf(current)) {
    if (WRAPPERS.has(def.type) && def.innerType) current = def.innerType;
    else if (def.type === 'pipe' && def.in) current = def.in;
    else return current;
  }
}

function schemaAt(schema: z.core.$ZodType, path: readonly PropertyKey[]): z.core.$ZodType | undefined {
  let current: z.core.$ZodType | undefined = schema;
  for (const key of path) {
    if (!current) return undefined;
    const def = defOf(unwrap(current));
    if (def.type === 'object') current = def.shape?.[String(key)];
    else if (def.type === 'array') current = def.element;
    else if (def.type === 'record') current = def.valueType;
    else return undefined;
  }
  return current;
}

function isNullable(schema: z.core.$ZodType | undefined): boolean {
  for (let current = schema; current; ) {
    const def = defOf(current);
    if (def.type === 'nullable') return true;
    current = WRAPPERS.has(def.type) ? def.innerType : undefined;
  }
  return false;
}

function objectKeys(schema: z.core.$ZodType | undefined): string[] | undefined {
  if (!schema) return undefined;
  const def = defOf(unwrap(schema));
  return def.type === 'object' && def.shape ? Object.keys(def.shape) : undefined;
}
