import type { JournalEntry } from '../state/journal.js';

/** The most bodies a failure message lists: the latest ones. */
const SHOWN = 10;
/** The most of one body a failure message shows. */
const BODY_PREVIEW = 240;

/** The equality the matcher compares with: the test framework's, which knows asymmetric matchers. */
type Equals = (actual: unknown, expected: unknown) => boolean;

/**
 * What keeps a body from matching the expected subset, one line per field: `quantity: expected 3, got 2`,
 * `idempotencyKey: missing (expected "order-1")`. Empty when it matches.
 */
export function bodyDifferences(equals: Equals, actual: unknown, expected: unknown, path = ''): string[] {
  if (isPlainObject(expected)) {
    if (!isPlainObject(actual)) return [`${path || 'body'}: expected an object, got ${bodyAsShown(actual)}`];
    return Object.entries(expected).flatMap(([key, value]) => {
      const at = path === '' ? key : `${path}.${key}`;
      if (!Object.hasOwn(actual, key)) return [`${at}: missing (expected ${bodyAsShown(value)})`];
      return bodyDifferences(equals, actual[key], value, at);
    });
  }
  return equals(actual, expected) ? [] : [`${path || 'body'}: expected ${bodyAsShown(expected)}, got ${bodyAsShown(actual)}`];
}

/**
 * The bodies of the requests to `route`, for a failure message: each with its journal number (`#<seq>`) and what differs from the
 * expected subset. The journal keeps the bodies of its latest requests only; an entry without one says so.
 */
export function receivedBodies(entries: readonly JournalEntry[], route: string, expected: Record<string, unknown>, equals: Equals): string {
  const toRoute = entries.filter((entry) => entry.route === route);
  if (toRoute.length === 0) return `The sandbox received no ${route} request, so no body to compare.`;
  const shown = toRoute.slice(-SHOWN);
  const intro = shown.length < toRoute.length ? `The last ${SHOWN} of the ${toRoute.length} ${route} bodies received` : `The ${route} bodies received`;
  const lines = shown.flatMap((entry) => {
    if (!entry.request) return [`#${entry.seq}  (body not kept: the journal keeps the bodies of its latest requests only, journalBodies)`];
    const body = entry.request.body !== undefined ? entry.request.body : entry.request.bodyText;
    if (body === undefined) return [`#${entry.seq}  (no body)`];
    const differences = bodyDifferences(equals, entry.request.body, expected);
    return [`#${entry.seq}  ${bodyAsShown(body)}`, ...(differences.length === 0 ? ['    matches'] : differences.map((line) => `    ${line}`))];
  });
  return [`${intro} (what differs from ${bodyAsShown(expected)}):`, ...lines].join('\n');
}

/** A value as JSON, an asymmetric matcher (`expect.stringMatching(/^a/)`) as it names itself: `StringMatching /^a/`. */
export function bodyAsShown(value: unknown): string {
  const text = value === undefined ? 'undefined' : (JSON.stringify(value, showMatchers) ?? String(value));
  return text.length > BODY_PREVIEW ? `${text.slice(0, BODY_PREVIEW - 1)}…` : text;
}

function showMatchers(_key: string, value: unknown): unknown {
  if (typeof value !== 'object' || value === null || typeof (value as { asymmetricMatch?: unknown }).asymmetricMatch !== 'function') return value;
  const { sample } = value as { sample?: unknown };
  const name = String(value);
  if (typeof sample === 'function') return `${name} ${sample.name}`;
  return sample instanceof RegExp || typeof sample === 'string' || typeof sample === 'number' ? `${name} ${String(sample)}` : name;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}
