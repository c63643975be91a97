import type { CallName } from '../../contract/route-table.js';

/** The scenario whose faults exercise every check but no-blind-retry-on-4xx. */
export const DRILL_SCENARIO = 'readiness-drill';

export interface GradeContext {
  /** Whether the requests were sent to the drill, which a not-exercised summary should not tell to run again. */
  drill: boolean;
  /** Whether the scenario's steady rate limit (`behavior.rateLimit`) counts every route of a key together. */
  limitsEveryRoute?: boolean;
}

/** For a not-exercised summary: in the drill, `inDrill`; elsewhere a one-off fault (any scenario, the same every run), then `then`. */
export function toExercise(context: GradeContext, inDrill: string, fault: { route: CallName; effect: 'error' | 'rate-limit' | 'lose-response' }, then: string): string {
  if (context.drill) return inDrill;
  const body = JSON.stringify({ route: `/${fault.route}`, effect: fault.effect });
  const call = fault.route === 'createOrder' ? 'place an order' : `call ${fault.route}`;
  return (
    `queue a fault for the next ${fault.route} (POST /__sandbox/faults ${body}, or the inspector's fault form; ` +
    `in-process sandbox.queueFault(${body})), ${call}, and ${then}; or run the drill (scenario ${DRILL_SCENARIO})`
  );
}
