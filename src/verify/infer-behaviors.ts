import { asRecord, dataOf, statusAndCode } from './exchange.js';
import { weighEvidence, type VerifyEvidence } from './evidence.js';
import { callerRefused, isInputRefusal, listOf, type Observation } from './probe.js';
import { LIST_ROUTES, UNKNOWN_PARAMETER } from './read-probes.js';
import type { ScenarioFile } from '../scenarios/scenario-schema.js';

export type BehaviorSwitches = NonNullable<ScenarioFile['behavior']>;

/** What a service does where the spec leaves it open, as far as its answers tell. */
export interface Inference {
  /** The open point: `limitOutOfRange`, `ordering of getOrders`. */
  name: string;
  /** What it does: `clamp`, `newest first`; undefined when it is not determined. */
  value?: string;
  /** Why it is not determined (`not determined: …`). */
  unknown?: string;
  /** What the answers seemed to say, when the evidence was too weak to infer it. */
  seems?: string;
  /** The scenario `behavior` that makes the sandbox do the same, when there is one. */
  behavior?: BehaviorSwitches;
  /** The switch that reproduces it when its value cannot be read from the answers. */
  switchNote?: string;
  /** How far the answers can be trusted for it. */
  evidence?: string;
}

/** The lists of an account's own records, whose order is an open point (the catalogue's is not). */
const HISTORY_LISTS = LIST_ROUTES.filter(({ name }) => name !== 'getProducts');

/** The open points of the product's table in the order the report lists them; each is in every report. */
export const OPEN_POINTS = [
  'reusedResponse',
  'idempotencyMismatch',
  'idempotencyTtlMs',
  'insufficientBalance',
  'quantity over inventory',
  'provisioning',
  ...HISTORY_LISTS.map(({ name }) => `ordering of ${name}`),
  'unknown productId',
  'limitOutOfRange',
  'rateLimit',
  'unknownQueryParameter',
  'unknownBodyField',
  'other statuses',
] as const;

/** Nothing is inferred on evidence short of strong. `ordersSkipped` is why no order was placed (default: no --orders). */
export function inferBehaviors(observations: readonly Observation[], ordersSkipped?: string, evidence: VerifyEvidence = weighEvidence(observations)): Inference[] {
  const byId = new Map(observations.map((observation) => [observation.probe.id, observation]));
  const first = byId.get('createOrder');
  const replay = byId.get('createOrder replay');
  const noOrder = `not determined: ${ordersSkipped ?? (first ? 'createOrder placed no order' : 'it needs an order: run with --orders')}`;
  const forgotten = replay?.summary.key === 'new order';
  const inferences: Inference[] = [
    limitOutOfRange(observations),
    ...HISTORY_LISTS.map(({ name }) => ordering(name, byId.get(`${name}?limit=200`))),
    first?.answer.status === 200
      ? fromKey('provisioning', first, { immediate: { provisioning: { mode: 'immediate' } }, delayed: { provisioning: { mode: 'delayed' } } })
      : { name: 'provisioning', unknown: noOrder },
    forgotten
      ? { name: 'reusedResponse', unknown: 'not determined: the replay placed a new order, so no answer was a reused one' }
      : replay
        ? fromKey('reusedResponse', replay, { full: { reusedResponse: 'full' }, minimal: { reusedResponse: 'minimal' } })
        : { name: 'reusedResponse', unknown: noOrder },
    mismatchInference(byId.get('createOrder mismatch'), forgotten, noOrder),
    keyLifetime(replay, forgotten, noOrder),
    fromStatus('unknownQueryParameter', byId.get('getBalance unknown parameter'), `not determined: getBalance?${UNKNOWN_PARAMETER}=1 was not answered`),
    fromStatus('unknownBodyField', byId.get('createOrder unknown field'), noOrder),
  ];
  const weighed = [...inferences.map((inference) => withEvidence(inference, evidence)), ...untriedOpenPoints(observations, byId, evidence.kind === 'strong')];
  return OPEN_POINTS.map((name) => weighed.find((inference) => inference.name === name) ?? { name, unknown: 'not determined: no answer tells it' });
}

/** An inference kept only on strong evidence; otherwise not determined, saying what it seemed and why it is not taken. */
function withEvidence(inference: Inference, evidence: VerifyEvidence): Inference {
  // From a random or static server even a reason is noise; otherwise a point that was not settled keeps its own reason.
  const noise = evidence.kind === 'varies' || evidence.kind === 'static';
  if (inference.value === undefined && !noise) return inference;
  if (evidence.kind !== 'strong') {
    return { name: inference.name, unknown: `not determined: ${evidence.text}`, ...((inference.value ?? inference.seems) !== undefined && { seems: (inference.value ?? inference.seems)! }) };
  }
  if (inference.value === undefined) return inference;
  // The evidence is said in full once, in the report; each open point refers to it.
  return inference.evidence ? inference : { ...inference, evidence: 'strong (see Evidence)' };
}

/** Why an answer says nothing of an open point, or undefined when it can. */
function unusable(observation: Observation): string | undefined {
  if (observation.summary.notDetermined) return observation.summary.notDetermined.replace(/^not determined: /, '');
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
    if (asked.length === 0) return { name, unknown: 'not determined: no out-of-range limit was sent' };
    const reasons = [...new Set(asked.map(unusable))];
    return {
      name,
      unknown: `not determined: ${reasons.length === 1 ? `${reasons[0]} on every out-of-range limit` : asked.map((observation) => `${observation.probe.id}: ${unusable(observation)}`).join('; ')}`,
    };
  }
  const kinds = seen.map(({ probe, answer, summary }) => ({
    id: probe.id,
    kind: isInputRefusal(answer.status) ? 'reject' : summary.key === 'clamp' ? 'clamp' : summary.shown,
  }));
  const distinct = [...new Set(kinds.map(({ kind }) => kind))];
  if (distinct.length === 1 && (distinct[0] === 'reject' || distinct[0] === 'clamp')) {
    const empty = distinct[0] === 'clamp' && seen.every(({ summary }) => summary.shown.endsWith('(accepted)'));
    if (empty) return { name, unknown: 'not determined: the lists were empty, so a clamp cannot be told from a limit taken as given', seems: 'clamp' };
    return { name, value: distinct[0], behavior: { limitOutOfRange: distinct[0] } };
  }
  if (distinct.length === 1) return { name, value: distinct[0] };
  return { name, value: `mixed: ${kinds.map(({ id, kind }) => `${id} ${kind}`).join('; ')}` };
}

/** Newest first, oldest first, or neither, by `createdAt` of the records of a `limit=200` answer. */
function ordering(routeName: string, observation: Observation | undefined): Inference {
  const name = `ordering of ${routeName}`;
  if (!observation) return { name, unknown: `not determined: ${routeName}?limit=200 was not sent` };
  const why = unusable(observation);
  if (why) return { name, unknown: `not determined: ${routeName}?limit=200: ${why}` };
  const list = listOf(observation.answer);
  if (!list) return { name, unknown: `not determined: ${routeName} gave no list` };
  const times = list.map((entry) => Date.parse(String(asRecord(entry)?.createdAt)));
  if (times.some(Number.isNaN)) return { name, unknown: 'not determined: a record without a date-time createdAt' };
  if (new Set(times).size < 2) return { name, unknown: 'not determined: fewer than 2 records with different createdAt' };
  const pairs = times.slice(1).map((time, index) => Math.sign(time - times[index]!));
  if (pairs.every((sign) => sign <= 0)) return { name, value: 'newest first' };
  if (pairs.every((sign) => sign >= 0)) return { name, value: 'oldest first' };
  return { name, value: 'not by createdAt' };
}

/** The key sent again with quantity 2: the original order, a refusal, or a new order (the key forgotten, or another body taken as new). */
function mismatchInference(mismatch: Observation | undefined, forgotten: boolean, noOrder: string): Inference {
  const name = 'idempotencyMismatch';
  if (forgotten) return { name, unknown: 'not determined: the replay placed a new order (the key was forgotten), so the key was not sent again with another quantity' };
  if (!mismatch) return { name, unknown: noOrder };
  if (mismatch.summary.key === 'new order') {
    return {
      name,
      unknown: 'not determined: the key with quantity 2 placed a new order: the key had expired (idempotencyTtlMs), or the service takes another body as a new order',
    };
  }
  return fromKey(name, mismatch, { 'return-original': { idempotencyMismatch: 'return-original' }, reject: { idempotencyMismatch: 'reject' } });
}

/** How long a key lives: only a replay that placed a new order tells anything (the key had expired). */
function keyLifetime(replay: Observation | undefined, forgotten: boolean, noOrder: string): Inference {
  const name = 'idempotencyTtlMs';
  if (!replay) return { name, unknown: noOrder };
  if (forgotten) {
    return {
      name,
      value: 'keys expire: the replay placed a new order',
      switchNote: 'scenario behavior idempotencyTtlMs reproduces it (the lifetime itself is not measured: choose one shorter than the time between your retries)',
    };
  }
  const { notDetermined } = replay.summary;
  return {
    name,
    unknown: notDetermined ?? 'not determined: the key was still known when the order was sent again right away; how long keys live is not tried',
  };
}

/** Why an answer cannot settle an open point (`not determined: …`), or undefined when it can. */
function unsettled(observation: Observation): string | undefined {
  if (observation.summary.notDetermined) return observation.summary.notDetermined;
  const refused = callerRefused(observation.probe, observation.answer);
  return refused ? `not determined: the key was refused: ${refused}` : undefined;
}

function fromKey(name: string, observation: Observation, switches: Record<string, BehaviorSwitches>): Inference {
  const why = unsettled(observation);
  if (why) return { name, unknown: why };
  const { key, shown } = observation.summary;
  return switches[key] ? { name, value: key, behavior: switches[key] } : { name, value: shown };
}

function fromStatus(name: 'unknownQueryParameter' | 'unknownBodyField', observation: Observation | undefined, missing: string): Inference {
  if (!observation) return { name, unknown: missing };
  const why = unsettled(observation) ?? (observation.problems.length > 0 ? 'not determined: the answer broke the contract' : undefined);
  if (why) return { name, unknown: why };
  const { status } = observation.answer;
  if (status === 200) return { name, value: 'ignore', behavior: { [name]: 'ignore' } };
  if (isInputRefusal(status)) return { name, value: 'reject', behavior: { [name]: 'reject' } };
  return { name, unknown: `not determined: answered ${statusAndCode(observation.answer)}, neither an answer nor a refusal of the input (400)` };
}

/** The open points verify never tries on purpose (overdraw, past the stock, unknown product, rate limit); hints only when `trusted`. */
function untriedOpenPoints(observations: readonly Observation[], byId: ReadonlyMap<string, Observation>, trusted: boolean): Inference[] {
  const balance = asRecord(dataOf(byId.get('getBalance')?.answer))?.balanceThb;
  const negative =
    trusted && typeof balance === 'number' && balance < 0
      ? `; the balance is ${balance} THB, below zero, as a service that lets orders overdraw gives (insufficientBalance: "allow-negative")`
      : '';
  return [
    { name: 'insufficientBalance', unknown: `not determined: never tried on purpose (verify orders only what the balance covers)${negative}` },
    { name: 'quantity over inventory', unknown: 'not determined: never tried on purpose (verify orders 1 eSIM, and the API shows no stock)' },
    { name: 'unknown productId', unknown: 'not determined: never tried on purpose (verify orders only a product getProducts lists)' },
    rateLimit(observations),
    {
      name: 'other statuses',
      unknown: `not determined: the lists show which statuses this account's records have${trusted ? ` (${statusesSeen(byId)})` : ''}, not which ones the service creates`,
    },
  ];
}

/** 429s met and waited out, or their absence at the rate verify sends: either way the limit itself is not measured. */
function rateLimit(observations: readonly Observation[]): Inference {
  const name = 'rateLimit';
  const met = observations.filter(({ answer }) => answer.status === 429 || answer.waitedOut);
  const count = observations.reduce((sum, { answer }) => sum + (answer.waitedOut?.count ?? 0) + (answer.status === 429 ? 1 : 0), 0);
  if (met.length === 0) {
    return { name, unknown: `not determined: no answer of ${observations.length} was a 429; verify sends a few requests a second (--rate) and does not push a service to find its limit` };
  }
  const waits = [...new Set(observations.flatMap(({ answer }) => [...(answer.waitedOut?.retryAfterS ?? []), ...(answer.status === 429 ? [answer.headers['retry-after']] : [])]))];
  return {
    name,
    unknown:
      `not determined: ${count} answers were 429 (Retry-After ${waits.map((wait) => (wait === undefined ? 'absent' : `${wait} s`)).join(', ')}; in ${met.map(({ probe }) => probe.check).slice(0, 3).join('; ')}${met.length > 3 ? ` and ${met.length - 3} more` : ''}): ` +
      'the service limits requests, but how many it takes in how long is not measured; scenario behavior rateLimit { requests, perMs } reproduces a limit',
  };
}

/** The statuses the records of each list show: `orders confirmed; payments success, pending`. */
function statusesSeen(byId: ReadonlyMap<string, Observation>): string {
  return HISTORY_LISTS.map(({ name, noun }) => {
    const answer = byId.get(`${name}?limit=200`)?.answer;
    const statuses = [...new Set(((answer && listOf(answer)) ?? []).map((entry) => asRecord(entry)?.status).filter((status) => typeof status === 'string'))];
    return `${noun}s: ${statuses.length ? statuses.join(', ') : 'none listed'}`;
  }).join('; ');
}
