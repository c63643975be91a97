import type { JournalEntry } from '../state/journal.js';
import { CALL_NAMES, callNameOf, type CallName, type CallPath } from '../contract/route-table.js';

/** A route of the imitated API by its name (the OpenAPI operationId), `'createOrder'`, or by its path, `'/createOrder'`. */
export type RouteName = CallName | CallPath;

export interface ReceivedCriteria {
  /** Exactly this many matching requests; without it, at least one. */
  times?: number;
  /** As answered, or as it would have been before a fault lost the answer. */
  status?: number;
  errorCode?: string;
  /** A partial match of the JSON body; the journal keeps the latest `journalBodies` bodies only (default 100). */
  body?: Record<string, unknown>;
}

function checkReceivedArguments(route: unknown, criteria: unknown): string | undefined {
  if (typeof route !== 'string' || callNameOf(route) === undefined) {
    return `toHaveReceived takes a route name, one of ${CALL_NAMES.join(', ')} (or its path, '/createOrder') (got ${JSON.stringify(route)})`;
  }
  if (typeof criteria !== 'object' || criteria === null) return `toHaveReceived's criteria must be an object such as { times: 1, status: 200 } (got ${JSON.stringify(criteria)})`;
  const unknown = Object.keys(criteria).filter((key) => !['times', 'status', 'errorCode', 'body'].includes(key));
  if (unknown.length > 0) return `toHaveReceived's criteria take times, status, errorCode and body (got ${unknown.join(', ')})`;
  const { times } = criteria as ReceivedCriteria;
  if (times !== undefined && !(Number.isInteger(times) && times >= 0)) return `times must be a whole number from 0 (got ${JSON.stringify(times)})`;
  return undefined;
}

/** `createOrder with status 409 and errorCode "INVENTORY_EMPTY"`. */
function describeCriteria(route: string, { status, errorCode, body }: ReceivedCriteria): string {
  const parts = [
    status !== undefined && `status ${status}`,
    errorCode !== undefined && `errorCode ${JSON.stringify(errorCode)}`,
    body !== undefined && `a body matching ${bodyAsShown(body)}`,
  ].filter(Boolean);
  return parts.length === 0 ? route : `${route} with ${parts.join(' and ')}`;
}

const timesText = (count: number) => (count === 1 ? '1 time' : `${count} times`);

/** The framework's deep equality, which knows asymmetric matchers (`expect.any(String)`). */
interface MatcherContext {
  equals(actual: unknown, expected: unknown): boolean;
  isNot: boolean;
}

export function toHaveReceived(this: MatcherContext, sandbox: unknown, route: unknown, criteria: ReceivedCriteria = {}) {
  const journal = typeof (sandbox as { journal?: unknown } | null)?.journal === 'function' ? (sandbox as { journal(): readonly JournalEntry[] }).journal() : undefined;
  const problem = journal
    ? checkReceivedArguments(route, criteria)
    : 'toHaveReceived is a matcher of a sandbox: expect(sandbox).toHaveReceived(route), with the sandbox of createSandbox or of the sandbox fixture';
  if (problem !== undefined) throw new TypeError(problem);
  const name = callNameOf(route as string)!;
  const equals = (actual: unknown, expected: unknown) => this.equals(actual, expected);
  const { times, status, errorCode, body } = criteria;
  const count = journal!.filter(
    (entry) =>
      entry.route === name &&
      (status === undefined || entry.status === status) &&
      (errorCode === undefined || equals(entry.errorCode, errorCode)) &&
      (body === undefined || bodyDifferences(equals, entry.request?.body, body).length === 0),
  ).length;
  return {
    pass: times === undefined ? count > 0 : count === times,
    message: () => {
      const expectation = `expected the sandbox ${this.isNot ? 'not ' : ''}to have received ${describeCriteria(name, criteria)}${times === undefined ? '' : ` ${timesText(times)}`}`;
      const bodies = body === undefined ? '' : `\n\n${receivedBodies(journal!, name, body, equals)}`;
      return `${expectation}, and it received ${timesText(count)}.${bodies}\n\n${requestsTable(journal!)}`;
    },
  };
}

/** The journal may hold a thousand. */
const REQUESTS_SHOWN = 20;

/** Each request by its journal number (`#<seq>`), as readiness, the inspector, curl and replay name it. */
function requestsTable(entries: readonly JournalEntry[]): string {
  if (entries.length === 0) return 'The sandbox received no request (since it started, or since the test began).';
  const first = Math.max(0, entries.length - REQUESTS_SHOWN);
  const rows = entries.slice(first).map((entry) => [
    `#${entry.seq}`,
    entry.method,
    entry.url,
    String(entry.status),
    [entry.errorCode, entry.fault && `fault: ${entry.fault}`].filter(Boolean).join(', '),
  ]);
  const header = ['request', 'method', 'path', 'status', 'error'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column]!)).join('  ').trimEnd();
  const intro = first > 0 ? `The last ${REQUESTS_SHOWN} of ${entries.length} requests the sandbox received:` : 'The requests the sandbox received:';
  return [intro, line(header), ...rows.map(line)].join('\n');
}

const BODIES_SHOWN = 10;
const BODY_PREVIEW = 240;

/** One line per field: `quantity: expected 3, got 2`, `idempotencyKey: missing (expected "order-1")`. */
function bodyDifferences(equals: MatcherContext['equals'], actual: unknown, expected: unknown, path = ''): string[] {
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

/** An entry whose body the journal no longer keeps says so. */
function receivedBodies(entries: readonly JournalEntry[], route: string, expected: Record<string, unknown>, equals: MatcherContext['equals']): string {
  const toRoute = entries.filter((entry) => entry.route === route);
  if (toRoute.length === 0) return `The sandbox received no ${route} request, so no body to compare.`;
  const shown = toRoute.slice(-BODIES_SHOWN);
  const intro = shown.length < toRoute.length ? `The last ${BODIES_SHOWN} of the ${toRoute.length} ${route} bodies received` : `The ${route} bodies received`;
  const lines = shown.flatMap((entry) => {
    if (!entry.request) return [`#${entry.seq}  (body not kept: the journal keeps the bodies of its latest requests only, journalBodies)`];
    const body = entry.request.body !== undefined ? entry.request.body : entry.request.bodyText;
    if (body === undefined) return [`#${entry.seq}  (no body)`];
    const differences = bodyDifferences(equals, entry.request.body, expected);
    return [`#${entry.seq}  ${bodyAsShown(body)}`, ...(differences.length === 0 ? ['    matches'] : differences.map((line) => `    ${line}`))];
  });
  return [`${intro} (what differs from ${bodyAsShown(expected)}):`, ...lines].join('\n');
}

/** An asymmetric matcher as it names itself: `StringMatching /^a/`. */
function bodyAsShown(value: unknown): string {
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
