import { dataOf, asRecord } from './exchange.js';
import { callerRefused } from './observe.js';
import type { Inference } from './infer-behaviors.js';
import type { OrderPlan } from './order-probes.js';
import type { Observation, Probe } from './probe.js';
import { UNKNOWN_PARAMETER } from './read-probes.js';

/** Sent with the replay of the order `--orders` placed: a field the spec does not list. */
export const UNKNOWN_FIELD = 'verifyUnknownField';

/**
 * The replay of the order placed, with a field the spec does not list: a service that ignores unknown fields
 * answers the original order (nothing charged, as for any replay); one that refuses them answers 400.
 */
export function unknownFieldProbe(plan: OrderPlan): Probe {
  return {
    id: 'createOrder unknown field',
    check: `createOrder again, same body and key, plus "${UNKNOWN_FIELD}"`,
    route: '/createOrder',
    request: {
      method: 'POST',
      path: '/createOrder',
      key: 'caller',
      body: { productId: plan.productId, quantity: 1, idempotencyKey: plan.idempotencyKey, [UNKNOWN_FIELD]: 1 },
    },
    summarize: (answer) => {
      if (answer.status === 200) return { shown: `200 (field ignored${asRecord(dataOf(answer))?.reused === true ? ', the original order' : ''})`, key: 'ignore' };
      if (answer.status >= 400 && answer.status < 500) return { shown: `${answer.status} (field refused)`, key: 'reject' };
      return { shown: String(answer.status), key: String(answer.status) };
    },
  };
}

/** `unknownQueryParameter` from getBalance with a parameter it does not take; `unknownBodyField` from the probe above. */
export function unknownFieldInferences(byId: (id: string) => Observation | undefined, noOrder = 'not checked: run with --orders'): Inference[] {
  const query = byId('getBalance unknown parameter');
  const body = byId('createOrder unknown field');
  return [
    fromStatus('unknownQueryParameter', query, `getBalance?${UNKNOWN_PARAMETER}=1 was not answered`),
    fromStatus('unknownBodyField', body, noOrder),
  ];
}

function fromStatus(name: 'unknownQueryParameter' | 'unknownBodyField', observation: Observation | undefined, missing: string): Inference {
  if (!observation) return { name, unknown: missing };
  if (observation.summary.notDetermined) return { name, unknown: observation.summary.notDetermined };
  const refused = callerRefused(observation.probe, observation.answer);
  if (refused) return { name, unknown: `the key was refused: ${refused}` };
  const { status } = observation.answer;
  if (status === 200) return { name, value: 'ignore', behavior: { [name]: 'ignore' } };
  if (status >= 400 && status < 500) return { name, value: 'reject', behavior: { [name]: 'reject' } };
  return { name, unknown: `answered ${status}` };
}
