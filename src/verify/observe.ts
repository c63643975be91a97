import { CALLS } from '../api/calls/index.js';
import type { Scope } from '../contract/scopes.js';
import { contractProblems } from './contract-problems.js';
import { errorOf, type ReceivedAnswer, type Target } from './exchange.js';
import { qrImagesUnasked } from './qr-image-rules.js';
import { ruledOutValues } from './ruled-out-values.js';
import { plainSummary, type Observation, type Probe, type ProbeContext, type RoutePath } from './probe.js';

/** The scope each call requires, from the calls. */
export const ROUTE_SCOPES = Object.fromEntries(CALLS.map((route) => [route.path, route.scope])) as Record<RoutePath, Scope>;

/** Sends a probe and checks its answer: the document's shapes always, the spec's rules when the key was let in. */
export async function observe(target: Target, probe: Probe, context: ProbeContext): Promise<Observation> {
  const answer = await target.send(probe.request);
  return judge(probe, answer, context);
}

function judge(probe: Probe, answer: ReceivedAnswer, context: ProbeContext): Observation {
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
  if (probe.request.key !== 'caller' || (answer.status !== 401 && answer.status !== 403)) return undefined;
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
