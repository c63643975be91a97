import type { ScenarioFile } from '../scenarios/scenario-schema.js';
import { asRecord } from './exchange.js';
import { callerRefused } from './observe.js';
import { listOf, type Observation } from './probe.js';
import { LIST_ROUTES } from './read-probes.js';
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
}

export function inferBehaviors(observations: readonly Observation[]): Inference[] {
  const byId = new Map(observations.map((observation) => [observation.probe.id, observation]));
  // Lists that break the contract say nothing about limits or ordering.
  const conforming = observations.filter((observation) => observation.problems.length === 0);
  const inferences = [
    limitOutOfRange(conforming),
    ...LIST_ROUTES.filter(({ name }) => name !== 'getProducts').map(({ name }) => ordering(name, conforming.find(({ probe }) => probe.id === `${name}?limit=200`))),
  ];
  const replay = byId.get('createOrder replay');
  const mismatch = byId.get('createOrder mismatch');
  const first = byId.get('createOrder');
  if (first) inferences.push(fromKey('provisioning', first, { immediate: { provisioning: { mode: 'immediate' } }, delayed: { provisioning: { mode: 'delayed' } } }));
  if (replay) inferences.push(fromKey('reusedResponse', replay, { full: { reusedResponse: 'full' }, minimal: { reusedResponse: 'minimal' } }));
  if (mismatch) inferences.push(fromKey('idempotencyMismatch', mismatch, { 'return-original': { idempotencyMismatch: 'return-original' }, reject: { idempotencyMismatch: 'reject' } }));
  if (!first) inferences.push({ name: 'reusedResponse', unknown: 'not checked: run with --orders' }, { name: 'idempotencyMismatch', unknown: 'not checked: run with --orders' });
  inferences.push(...unknownFieldInferences((id) => byId.get(id)));
  return inferences;
}

/** `limit` 0 and 201 on each list: refused everywhere (reject), clamped everywhere (clamp), or a mix. */
function limitOutOfRange(observations: readonly Observation[]): Inference {
  const name = 'limitOutOfRange';
  const seen = observations.filter(({ probe, answer }) => /\?limit=(0|201)$/.test(probe.id) && !callerRefused(probe, answer));
  if (seen.length === 0) return { name, unknown: 'no list route let the key in' };
  const kinds = seen.map(({ probe, answer, summary }) => ({
    id: probe.id,
    kind: answer.status >= 400 && answer.status < 500 ? 'reject' : summary.key === 'clamp' ? 'clamp' : summary.shown,
  }));
  const distinct = [...new Set(kinds.map(({ kind }) => kind))];
  if (distinct.length === 1 && (distinct[0] === 'reject' || distinct[0] === 'clamp')) {
    return { name, value: distinct[0], behavior: { limitOutOfRange: distinct[0] } };
  }
  if (distinct.length === 1) return { name, value: distinct[0] };
  return { name, value: `mixed: ${kinds.map(({ id, kind }) => `${id} ${kind}`).join('; ')}` };
}

/** Newest first, oldest first, or neither, by `createdAt` of the records of a `limit=200` answer. */
function ordering(routeName: string, observation: Observation | undefined): Inference {
  const name = `ordering of ${routeName}`;
  const list = observation && listOf(observation.answer);
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
  const { key, shown } = observation.summary;
  const behavior = switches[key];
  return behavior ? { name, value: key, behavior } : { name, value: shown };
}
