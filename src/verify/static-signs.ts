import type { Observation } from './probe.js';

/**
 * Pairs of checks the spec answers differently on any server (a key and none, an order and an unknown one, an
 * order and its replay). When both got the same bytes, the server answers without looking at the request.
 */
const MUST_DIFFER: readonly (readonly [string, string])[] = [
  ['getBalance', 'getBalance without key'],
  ['getBalance', 'getBalance unknown key'],
  ['getOrderStatus', 'getOrderStatus unknown order'],
  ['getOrderStatus unknown order', 'getOrderStatus invalid id'],
  ['createOrder', 'createOrder replay'],
];

/** The first pair of such checks that got the same answer, byte for byte, as `check` labels; undefined when none did. */
export function staticSign(observations: readonly Observation[]): [string, string] | undefined {
  const byId = new Map(observations.map((observation) => [observation.probe.id, observation]));
  for (const [one, other] of MUST_DIFFER) {
    const [a, b] = [byId.get(one), byId.get(other)];
    if (a && b && a.answer.status === b.answer.status && a.answer.body === b.answer.body) return [a.probe.check, b.probe.check];
  }
  return undefined;
}

/** How far an inference from these answers can be trusted, in words for the report. */
export function evidenceStrength(observations: readonly Observation[]): string {
  const sign = staticSign(observations);
  return sign
    ? `weak — two different requests gave the same answer (${sign[0]}; ${sign[1]}): the server may be static`
    : 'strong — requests the spec answers differently got different answers';
}
