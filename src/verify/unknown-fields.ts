import { dataOf, asRecord, errorOf } from './exchange.js';
import type { Inference } from './infer-behaviors.js';
import type { OrderPlan } from './order-probes.js';
import { callerRefused, isInputRefusal, type Observation, type Probe } from './probe.js';
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
export function unknownFieldInferences(byId: (id: string) => Observation | undefined, noOrder = 'not determined: it needs an order: run with --orders'): Inference[] {
  const query = byId('getBalance unknown parameter');
  const body = byId('createOrder unknown field');
  return [
    fromStatus('unknownQueryParameter', query, `not determined: getBalance?${UNKNOWN_PARAMETER}=1 was not answered`),
    fromStatus('unknownBodyField', body, noOrder),
  ];
}

function fromStatus(name: 'unknownQueryParameter' | 'unknownBodyField', observation: Observation | undefined, missing: string): Inference {
  if (!observation) return { name, unknown: missing };
  if (observation.summary.notDetermined) return { name, unknown: observation.summary.notDetermined };
  const refused = callerRefused(observation.probe, observation.answer);
  if (refused) return { name, unknown: `not determined: the key was refused: ${refused}` };
  if (observation.problems.length > 0) return { name, unknown: 'not determined: the answer broke the contract' };
  const { status } = observation.answer;
  if (status === 200) return { name, value: 'ignore', behavior: { [name]: 'ignore' } };
  if (isInputRefusal(status)) return { name, value: 'reject', behavior: { [name]: 'reject' } };
  return { name, unknown: `not determined: answered ${status}${errorOf(observation.answer) ? ` ${errorOf(observation.answer)!.code}` : ''}, neither an answer nor a refusal of the input (400)` };
}
