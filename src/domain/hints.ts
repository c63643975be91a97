import { jsonPreview } from '../lib/json-preview.js';

/** A mistake the real service would let pass without a word, as the journal notes it. */
export interface Hint {
  code: HintCode;
  message: string;
}

/** The mistakes noted, each a stable code (the README lists them). */
const HINT_CODES = [
  'idempotency-key-header',
  'authorization-bearer',
  'api-key-in-query',
  'unknown-query-parameter',
  'unknown-body-field',
  'limit-clamped',
] as const;
export type HintCode = (typeof HINT_CODES)[number];

export interface HintFacts {
  /** The API call's name (`createOrder`), if the path names one. */
  route: string | undefined;
  /** The `x-api-key` header as sent; null when none was. */
  apiKey: string | null;
  headers: { get(name: string): string | null };
  /** The names in the query string; undefined without one. */
  queryNames: { has(name: string): boolean } | undefined;
  /** createOrder: whether the body carried an idempotencyKey. */
  bodyIdempotencyKey: boolean;
  ignoredQueryParameters?: readonly string[];
  ignoredBodyFields?: readonly string[];
  clampedLimit?: { asked: number; used: number };
}

const KEY_QUERY_NAMES = ['x-api-key', 'apiKey', 'api_key', 'apikey', 'key'];
const NOT_PRINTABLE = /[^\x20-\x7e]/;
const NOT_PRINTABLE_ALL = /[^\x20-\x7e]/g;

/** Names listed in one hint at the most: a client may send thousands. */
const MAX_NAMES = 5;

/** The hints of one request; undefined when it has none (the common case, a read with its key, looks up no header). */
export function hintsOf(facts: HintFacts): Hint[] | undefined {
  let hints: Hint[] | undefined;
  if (facts.route === 'createOrder' && !facts.bodyIdempotencyKey && facts.headers.get('idempotency-key') !== null) {
    hints = added(
      hints,
      'idempotency-key-header',
      'an Idempotency-Key header was sent: the key goes in the body field idempotencyKey; this header is not read, so a retry places a second order',
    );
  }
  if (facts.apiKey === null) {
    if (/^bearer\s/i.test(facts.headers.get('authorization') ?? '')) {
      hints = added(hints, 'authorization-bearer', 'Authorization: Bearer was sent instead of x-api-key: the key goes in the x-api-key header; Authorization is not read');
    }
    const queryNames = facts.queryNames;
    const inQuery = queryNames && KEY_QUERY_NAMES.find((name) => queryNames.has(name));
    if (inQuery !== undefined) {
      hints = added(hints, 'api-key-in-query', `the query parameter ${inQuery} looks like the API key: it goes in the x-api-key header; a query string is not read for it, and ends up in logs`);
    }
  }
  if (facts.ignoredQueryParameters) {
    hints = added(
      hints,
      'unknown-query-parameter',
      `query ${names(facts.ignoredQueryParameters)} not taken by this route and ignored (unknownQueryParameter: ignore); the spec does not say what the real service does with it`,
    );
  }
  if (facts.ignoredBodyFields) {
    hints = added(
      hints,
      'unknown-body-field',
      `body ${names(facts.ignoredBodyFields, 'field')} not taken by createOrder and ignored (unknownBodyField: ignore); the spec does not say what the real service does with it`,
    );
  }
  if (facts.clampedLimit) {
    const { asked, used } = facts.clampedLimit;
    hints = added(hints, 'limit-clamped', `limit ${asked} is outside 1 to 200 and was clamped to ${used} (limitOutOfRange: clamp); the spec does not say what the real service answers`);
  }
  return hints;
}

/** `hints` with one more; a list is made for the first only (most requests have none). */
function added(hints: Hint[] | undefined, code: HintCode, message: string): Hint[] {
  (hints ??= []).push({ code, message });
  return hints;
}

function names(list: readonly string[], noun = 'parameter'): string {
  const shown = list.slice(0, MAX_NAMES).map((name) => jsonPreview(name)).join(', ');
  const more = list.length > MAX_NAMES ? ` and ${list.length - MAX_NAMES} more` : '';
  return `${list.length === 1 ? noun : `${noun}s`} ${shown}${more} ${list.length === 1 ? 'is' : 'are'}`;
}

/** The hints as the sandbox-only answer header `x-sandbox-hint` carries them: printable ASCII, bounded. */
export function hintHeader(hints: readonly Hint[]): string {
  const text = hints.map((hint) => `${hint.code}: ${hint.message}`).join(' | ').slice(0, 2000);
  return NOT_PRINTABLE.test(text) ? text.replace(NOT_PRINTABLE_ALL, '?') : text;
}
