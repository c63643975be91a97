import { errorOf, type ReceivedAnswer } from './exchange.js';
import type { Observation } from './probe.js';

/** The key was refused on every route: nothing of the service could be checked. */
export class KeyRefused extends Error {
  override name = 'KeyRefused';
}

/**
 * Why the caller's key was turned away: a 401, or a 403 other than a missing scope or KYC (those are answers the
 * spec gives a valid key, and tell its scopes and the account's state). Undefined when it was let in.
 */
export function keyRefusal(answer: ReceivedAnswer): string | undefined {
  const error = errorOf(answer);
  if (answer.status !== 401 && (answer.status !== 403 || error?.code === 'FORBIDDEN_SCOPE' || error?.code === 'KYC_REQUIRED')) return undefined;
  return error ? `${answer.status} ${error.code}: ${error.message}` : `${answer.status}`;
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
