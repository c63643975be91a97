import { CALLS } from '../api/calls/index.js';
import type { CallPath } from '../contract/route-table.js';
import type { Scope } from '../contract/scopes.js';
import { count } from '../lib/count.js';
import { contractProblems, qrImagesUnasked, ruledOutValues } from './contract-problems.js';
import { dataOf, errorOf, isEnvelope, statusAndCode, type ProbeRequest, type ReceivedAnswer, type Target } from './exchange.js';

/** What probes learn from answers before them: how many records each list holds (from its `limit=200` answer). */
export interface ProbeContext {
  listSizes: Partial<Record<CallPath, number>>;
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
  route: CallPath;
  request: ProbeRequest;
  /** What the spec says of this answer beyond the document's shapes: the problems found. */
  rules?: (answer: ReceivedAnswer, context: ProbeContext) => string[];
  summarize?: (answer: ReceivedAnswer, context: ProbeContext) => Summary;
}

export function probeOf(fields: Omit<Probe, 'route'>): Probe {
  return { ...fields, route: fields.request.path.replace(/\?.*/, '') as CallPath };
}

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

export const ROUTE_SCOPES = Object.fromEntries(CALLS.map((route) => [route.path, route.scope])) as Record<CallPath, Scope>;

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
function scopeMessageProblems(route: CallPath, answer: ReceivedAnswer): string[] {
  const error = errorOf(answer);
  if (error?.code !== 'FORBIDDEN_SCOPE') return [];
  const expected = `Missing required scope: ${ROUTE_SCOPES[route]}`;
  return error.message === expected ? [] : [`error.message is ${JSON.stringify(error.message)}, the spec says ${JSON.stringify(expected)}`];
}

/** The key was refused on every route: nothing of the service could be checked. */
export class KeyRefused extends Error {
  override name = 'KeyRefused';
}

/** A 401, or a 403 other than a missing scope or KYC: those are answers the spec gives a valid key. */
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

/** No route answered in the API's envelope: --base-url is not the API, and nothing can be checked or recorded. */
export class NotTheApi extends Error {
  override name = 'NotTheApi';
}

/** Throws NotTheApi when not one answer is in the envelope, saying what came back and the likely --base-url. */
export function assertSpeaksTheApi(observations: readonly Observation[], baseUrl: string): void {
  if (observations.length === 0) return;
  if (observations.some(({ answer }) => isEnvelope(answer))) {
    // Every answer a 404, even in the envelope: no route is where --base-url says (a sandbox or a gateway answering
    // NOT_FOUND for unknown paths). Nothing answered can be judged or inferred from.
    if (!observations.every(({ answer }) => answer.status === 404)) return;
    const got = answerKinds(observations, (answer) => errorOf(answer)?.code ?? answer.headers['content-type']?.split(';')[0]?.trim() ?? 'without content-type');
    throw new NotTheApi(`no route of ${baseUrl} was found: the ${observations.length} answers were ${got}, so nothing is judged or inferred. ${checkBaseUrl(baseUrl)}`);
  }
  const got = answerKinds(observations, (answer) => answer.headers['content-type']?.split(';')[0]?.trim() || 'without content-type');
  const redirect = observations.find(({ answer }) => answer.headers.location);
  if (redirect) {
    const to = new URL(redirect.answer.headers.location!, baseUrl).href;
    const base = to.endsWith(redirect.probe.request.path) ? to.slice(0, -redirect.probe.request.path.length) : undefined;
    throw new NotTheApi(
      `no route of ${baseUrl} answered in the API's envelope; the ${observations.length} answers were ${got}, ${redirect.probe.check} to ${to}. ` +
        `Redirects are not followed, so the key goes to --base-url only: ${base ? `if ${new URL(base).origin} is the service, pass --base-url ${base}` : 'give the address the service answers at as --base-url'}`,
    );
  }
  throw new NotTheApi(`no route of ${baseUrl} answered in the API's envelope ({"success": …}); the ${observations.length} answers were ${got}. ${checkBaseUrl(baseUrl)}`);
}

function checkBaseUrl(baseUrl: string): string {
  const fix = likelyBaseUrl(baseUrl);
  return fix
    ? `Check --base-url: it is the API's base address, ending in /api/v1; likely --base-url ${fix}`
    : 'Check --base-url: is this the eSIM wholesale API, or does a proxy or another service answer at this address?';
}

/** `23 × 404 text/html`: the answers counted by status and `kind`. */
function answerKinds(observations: readonly Observation[], kindOf: (answer: Observation['answer']) => string): string {
  const kinds = new Map<string, number>();
  for (const { answer } of observations) {
    const kind = `${answer.status} ${kindOf(answer)}`;
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  return [...kinds].map(([kind, n]) => `${n} × ${kind}`).join(', ');
}

/** `https://h/` → `https://h/api/v1`; `https://h/api` → `https://h/api/v1`; `https://h/api/v1/getBalance` → `https://h/api/v1`. */
export function likelyBaseUrl(baseUrl: string): string | undefined {
  const url = new URL(baseUrl);
  const path = url.pathname.replace(/\/+$/, '');
  const at = path.indexOf('/api/v1');
  if (at >= 0) return path.length > at + 7 ? `${url.origin}${path.slice(0, at + 7)}` : undefined;
  return `${url.origin}${path.endsWith('/api') ? `${path}/v1` : `${path}/api/v1`}`;
}
