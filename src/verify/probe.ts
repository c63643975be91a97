import { CALLS } from '../api/calls/index.js';
import type { CallPath } from '../contract/route-table.js';
import type { Scope } from '../contract/scopes.js';
import { count } from '../lib/count.js';
import { contractProblems, qrImagesUnasked, ruledOutValues } from './contract-problems.js';
import { dataOf, errorOf, statusAndCode, type ProbeRequest, type ReceivedAnswer, type Target } from './exchange.js';

/** A call of the API, by its path (src/api/calls). */
export type RoutePath = CallPath;

/** What probes learn from answers before them: how many records each list holds (from its `limit=200` answer). */
export interface ProbeContext {
  listSizes: Partial<Record<RoutePath, number>>;
}

/** An answer in a few words: `shown` in the table, `key` compared with the sandbox's (data left out of it). */
export interface Summary {
  shown: string;
  key: string;
  /** Why the answer cannot settle the check (`not determined: rate-limited …`); the row is then not compared. */
  notDetermined?: string;
}

/** One request verify sends, and what it makes of the answer. */
export interface Probe {
  /** Unique and stable: `getProducts?limit=0`. */
  id: string;
  /** The row's label in the table. */
  check: string;
  route: RoutePath;
  request: ProbeRequest;
  /** What the spec says of this answer beyond the document's shapes: the problems found. */
  rules?: (answer: ReceivedAnswer, context: ProbeContext) => string[];
  summarize?: (answer: ReceivedAnswer, context: ProbeContext) => Summary;
}

/** A probe whose route is its request's path, without the query. */
export function probeOf(fields: Omit<Probe, 'route'>): Probe {
  return { ...fields, route: fields.request.path.replace(/\?.*/, '') as RoutePath };
}

/** A probe with its answer: the problems (document and spec rules) and the summary. */
export interface Observation {
  probe: Probe;
  answer: ReceivedAnswer;
  problems: string[];
  summary: Summary;
}

/** `400 VALIDATION_ERROR` for an error envelope, `200` for a success, `200, 12 items` for a list. */
export function plainSummary(answer: ReceivedAnswer): Summary {
  if (answer.status >= 400) return shownAsIs(statusAndCode(answer));
  const data = dataOf(answer);
  if (Array.isArray(data)) return { shown: `${answer.status}, ${count(data.length, 'item')}`, key: `${answer.status}` };
  return shownAsIs(answer.json === undefined ? `${answer.status}, not JSON` : `${answer.status}`);
}

/** A summary whose words are also what is compared. */
export const shownAsIs = (text: string): Summary => ({ shown: text, key: text });

export function listOf(answer: ReceivedAnswer): unknown[] | undefined {
  const data = dataOf(answer);
  return Array.isArray(data) ? data : undefined;
}

/** A refusal of a request's input: 400 (or 422), not a missing route, a refused key or a conflict. */
export const isInputRefusal = (status: number) => status === 400 || status === 422;

export const ROUTE_SCOPES = Object.fromEntries(CALLS.map((route) => [route.path, route.scope])) as Record<RoutePath, Scope>;

/** Sends a probe and checks its answer: the document's shapes always, the spec's rules when the key was let in. */
export async function observe(target: Target, probe: Probe, context: ProbeContext): Promise<Observation> {
  const answer = await target.send(probe.request);
  if (answer.rateLimited) {
    const { shown, key } = plainSummary(answer);
    return { probe, answer, problems: [], summary: { shown, key, notDetermined: `not determined: rate-limited (${answer.rateLimited})` } };
  }
  const problems = contractProblems(probe.request.method, probe.route, answer);
  if (answer.json !== undefined) {
    if (callerRefused(probe, answer) === undefined) problems.push(...(probe.rules?.(answer, context) ?? []));
    problems.push(...scopeMessageProblems(probe.route, answer), ...qrImagesUnasked(probe.request, answer), ...ruledOutValues(answer));
  }
  return { probe, answer, problems, summary: (probe.summarize ?? plainSummary)(answer, context) };
}

/** Why the caller's own key was turned away (401, or 403 for a missing scope or KYC), when it was. */
export function callerRefused(probe: Probe, answer: ReceivedAnswer): string | undefined {
  return probe.request.key === 'caller' && (answer.status === 401 || answer.status === 403) ? refusalText(answer) : undefined;
}

/** `401 UNAUTHORIZED: Invalid API key`, or the status alone without an error envelope. */
function refusalText(answer: ReceivedAnswer): string {
  const error = errorOf(answer);
  return error ? `${answer.status} ${error.code}: ${error.message}` : `${answer.status}`;
}

/** The spec fixes one message: a missing scope is `Missing required scope: <scope>`. */
function scopeMessageProblems(route: RoutePath, answer: ReceivedAnswer): string[] {
  const error = errorOf(answer);
  if (error?.code !== 'FORBIDDEN_SCOPE') return [];
  const expected = `Missing required scope: ${ROUTE_SCOPES[route]}`;
  return error.message === expected ? [] : [`error.message is ${JSON.stringify(error.message)}, the spec says ${JSON.stringify(expected)}`];
}

/** The key was refused on every route: nothing of the service could be checked. */
export class KeyRefused extends Error {
  override name = 'KeyRefused';
}

/**
 * Why the caller's key was turned away: a 401, or a 403 other than a missing scope or KYC (those are answers the
 * spec gives a valid key, and tell its scopes and the account's state). Undefined when it was let in.
 */
function keyRefusal(answer: ReceivedAnswer): string | undefined {
  const code = errorOf(answer)?.code;
  return answer.status === 401 || (answer.status === 403 && code !== 'FORBIDDEN_SCOPE' && code !== 'KYC_REQUIRED') ? refusalText(answer) : undefined;
}

/** The caller's requests, by route name, that were all refused; the key refused on every route throws KeyRefused. */
export function refusedRoutes(observations: readonly Observation[]): { route: string; reason: string }[] {
  const byRoute = new Map<string, (string | undefined)[]>();
  for (const { probe, answer } of observations) {
    if (probe.request.key !== 'caller' || answer.rateLimited) continue;
    const route = probe.route.slice(1);
    byRoute.set(route, [...(byRoute.get(route) ?? []), keyRefusal(answer)]);
  }
  const refused = [...byRoute].flatMap(([route, reasons]) => (reasons.every((reason) => reason !== undefined) ? [{ route, reason: reasons[0]! }] : []));
  if (byRoute.size > 0 && refused.length === byRoute.size) {
    const reasons = [...new Set(refused.map(({ reason }) => reason))];
    throw new KeyRefused(
      `could not be checked: the key was refused on every route (${reasons.join('; ')}): check --api-key or $ESIM_API_KEY — ` +
        'is it a key this service issued, for this environment, and still valid?',
    );
  }
  return refused;
}
