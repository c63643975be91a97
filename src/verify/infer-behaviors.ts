import type { ScenarioFile } from '../scenarios/scenario-schema.js';
import { asRecord } from './exchange.js';
import { callerRefused } from './observe.js';
import { listOf, type Observation } from './probe.js';
import { LIST_ROUTES } from './read-probes.js';
import { evidenceStrength } from './static-signs.js';
import { unknownFieldInferences } from './unknown-fields.js';

/** Switches of a scenario's `behavior`, as a scenario file gives them. */
export type BehaviorSwitches = NonNullable<ScenarioFile['behavior']>;

/** What a service does where the spec leaves it open, as far as its answers tell. */
export interface Inference {
  /** The open point: `limitOutOfRange`, `ordering of getOrders`. */
  name: string;
  /** What it does: `clamp`, `newest first`; undefined when the answers do not tell. */
  value?: string;
  /** Why the answers do not tell. */
  unknown?: string;
  /** The scenario `behavior` that makes the sandbox do the same, when there is one. */
  behavior?: BehaviorSwitches;
  /** How far the answers can be trusted for it: `weak — … the server may be static`. */
  evidence?: string;
}

/**
 * The open points the answers settle. `ordersSkipped` is why no order was placed, said for the points only
 * an order shows (without it: --orders was not given).
 */
export function inferBehaviors(observations: readonly Observation[], ordersSkipped?: string): Inference[] {
  const byId = new Map(observations.map((observation) => [observation.probe.id, observation]));
  const inferences = [
    limitOutOfRange(observations),
    ...LIST_ROUTES.filter(({ name }) => name !== 'getProducts').map(({ name }) => ordering(name, byId.get(`${name}?limit=200`))),
  ];
  const replay = byId.get('createOrder replay');
  const mismatch = byId.get('createOrder mismatch');
  const first = byId.get('createOrder');
  const noOrder = ordersSkipped ?? (first ? 'createOrder placed no order' : 'not checked: run with --orders');
  if (first?.answer.status === 200) inferences.push(fromKey('provisioning', first, { immediate: { provisioning: { mode: 'immediate' } }, delayed: { provisioning: { mode: 'delayed' } } }));
  else if (first) inferences.push({ name: 'provisioning', unknown: noOrder });
  if (replay) inferences.push(fromKey('reusedResponse', replay, { full: { reusedResponse: 'full' }, minimal: { reusedResponse: 'minimal' } }));
  else inferences.push({ name: 'reusedResponse', unknown: noOrder });
  if (mismatch) inferences.push(fromKey('idempotencyMismatch', mismatch, { 'return-original': { idempotencyMismatch: 'return-original' }, reject: { idempotencyMismatch: 'reject' } }));
  else inferences.push({ name: 'idempotencyMismatch', unknown: noOrder });
  inferences.push(...unknownFieldInferences((id) => byId.get(id), noOrder));
  const evidence = evidenceStrength(observations);
  return inferences.map((inference) => (inference.value === undefined || inference.evidence ? inference : { ...inference, evidence }));
}

/** Why an answer says nothing of an open point, or undefined when it can. */
function unusable(observation: Observation): string | undefined {
  if (observation.summary.notDetermined) return observation.summary.notDetermined;
  if (callerRefused(observation.probe, observation.answer)) return 'the key was refused';
  if (observation.problems.length > 0) return 'the answer broke the contract';
  return undefined;
}

/** `limit` 0 and 201 on each list: refused everywhere (reject), clamped everywhere (clamp), or a mix. */
function limitOutOfRange(observations: readonly Observation[]): Inference {
  const name = 'limitOutOfRange';
  const asked = observations.filter(({ probe }) => /\?limit=(0|201)$/.test(probe.id));
  const seen = asked.filter((observation) => unusable(observation) === undefined);
  if (seen.length === 0) {
    if (asked.length === 0) return { name, unknown: 'no out-of-range limit was sent' };
    const reasons = [...new Set(asked.map(unusable))];
    return { name, unknown: reasons.length === 1 ? `${reasons[0]} on every out-of-range limit` : asked.map((observation) => `${observation.probe.id}: ${unusable(observation)}`).join('; ') };
  }
  const kinds = seen.map(({ probe, answer, summary }) => ({
    id: probe.id,
    kind: answer.status >= 400 && answer.status < 500 ? 'reject' : summary.key === 'clamp' ? 'clamp' : summary.shown,
  }));
  const distinct = [...new Set(kinds.map(({ kind }) => kind))];
  if (distinct.length === 1 && (distinct[0] === 'reject' || distinct[0] === 'clamp')) {
    const empty = distinct[0] === 'clamp' && seen.every(({ summary }) => summary.shown.endsWith('(accepted)'));
    return {
      name,
      value: distinct[0],
      behavior: { limitOutOfRange: distinct[0] },
      ...(empty && { evidence: 'weak — the lists were empty, so a clamp cannot be told from a limit taken as given' }),
    };
  }
  if (distinct.length === 1) return { name, value: distinct[0] };
  return { name, value: `mixed: ${kinds.map(({ id, kind }) => `${id} ${kind}`).join('; ')}` };
}

/** Newest first, oldest first, or neither, by `createdAt` of the records of a `limit=200` answer. */
function ordering(routeName: string, observation: Observation | undefined): Inference {
  const name = `ordering of ${routeName}`;
  if (!observation) return { name, unknown: `${routeName}?limit=200 was not sent` };
  const why = unusable(observation);
  if (why) return { name, unknown: `${routeName}?limit=200: ${why}` };
  const list = listOf(observation.answer);
  if (!list) return { name, unknown: `${routeName} gave no list` };
  const times = list.map((entry) => Date.parse(String(asRecord(entry)?.createdAt)));
  if (times.some(Number.isNaN)) return { name, unknown: 'a record without a date-time createdAt' };
  if (new Set(times).size < 2) return { name, unknown: 'fewer than 2 records with different createdAt' };
  const pairs = times.slice(1).map((time, index) => Math.sign(time - times[index]!));
  if (pairs.every((sign) => sign <= 0)) return { name, value: 'newest first' };
  if (pairs.every((sign) => sign >= 0)) return { name, value: 'oldest first' };
  return { name, value: 'not by createdAt' };
}

function fromKey(name: string, observation: Observation, switches: Record<string, BehaviorSwitches>): Inference {
  const { key, shown, notDetermined } = observation.summary;
  if (notDetermined) return { name, unknown: notDetermined };
  const behavior = switches[key];
  return behavior ? { name, value: key, behavior } : { name, value: shown };
}
