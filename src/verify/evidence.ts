import type { Observation } from './probe.js';

/** Pairs the spec answers differently on any server: the same bytes for both mean a server that does not read the request. */
const MUST_DIFFER: readonly (readonly [string, string])[] = [
  ['getBalance', 'getBalance without key'],
  ['getBalance', 'getBalance unknown key'],
  ['getOrderStatus', 'getOrderStatus unknown order'],
  ['getOrderStatus unknown order', 'getOrderStatus invalid id'],
  ['createOrder', 'createOrder replay'],
];

/** Requests whose answer cannot move between two sends (a live balance or order list may move with other traffic). */
const SENT_TWICE: readonly (readonly [string, string])[] = [
  ['getProducts?limit=200', 'getProducts?limit=200 again'],
  ['getOrderStatus', 'getOrderStatus again'],
];

/**
 * How far the answers can be trusted to settle an open point. `strong`: identical requests got identical
 * answers and requests the spec answers differently got the answers it says; `varies`: identical requests got
 * different answers (a random mock); `static`: different requests got identical answers (one fixed example);
 * `unlike`: they differed, but not as the spec says; `untested`: no request could be compared with its repeat.
 */
export interface VerifyEvidence {
  kind: 'strong' | 'varies' | 'static' | 'unlike' | 'untested';
  /** In words, for the report: `strong — …`, or why nothing can be inferred. */
  text: string;
}

/** Weighs the answers of one run: repeats first (a random server), then pairs that must differ (a static one). */
export function weighEvidence(observations: readonly Observation[]): VerifyEvidence {
  const byId = new Map(observations.map((observation) => [observation.probe.id, observation]));
  const usable = (observation: Observation | undefined): observation is Observation => observation !== undefined && !observation.answer.rateLimited;
  const repeats = SENT_TWICE.flatMap(([one, again]) => {
    const [a, b] = [byId.get(one), byId.get(again)];
    return usable(a) && usable(b) ? [{ check: a.probe.check, same: sameAnswer(a, b) }] : [];
  });
  const varied = repeats.find((repeat) => !repeat.same);
  if (varied) {
    return {
      kind: 'varies',
      text: `answers vary between identical requests (${varied.check}, sent twice in a row, got two different answers): the server may be a random mock`,
    };
  }
  for (const [one, other] of MUST_DIFFER) {
    const [a, b] = [byId.get(one), byId.get(other)];
    if (usable(a) && usable(b) && sameAnswer(a, b)) {
      return {
        kind: 'static',
        text: `different requests got identical answers (${a.probe.check}; ${b.probe.check}): the server may be static, answering one fixed example per route`,
      };
    }
  }
  const unlike = MUST_DIFFER.map(([, other]) => byId.get(other)).find((observation) => usable(observation) && observation.problems.length > 0);
  if (unlike) {
    return { kind: 'unlike', text: `a request the spec answers differently did not get the answer it says (${unlike.probe.check}: ${unlike.problems[0]})` };
  }
  if (repeats.length === 0) {
    return { kind: 'untested', text: `no read could be sent twice and compared (${SENT_TWICE.map(([one]) => one).join(', ')}), so a random server cannot be ruled out` };
  }
  return {
    kind: 'strong',
    text: `strong — identical requests got identical answers (${repeats.map((repeat) => repeat.check).join('; ')}) and requests the spec answers differently got the answers it says`,
  };
}

/** The same status and the same body: as JSON when both are JSON (the order of fields does not count), else byte for byte. */
function sameAnswer(a: Observation, b: Observation): boolean {
  if (a.answer.status !== b.answer.status) return false;
  if (a.answer.json !== undefined && b.answer.json !== undefined) return canonical(a.answer.json) === canonical(b.answer.json);
  return a.answer.body === b.answer.body;
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record).sort().map((key) => `${JSON.stringify(key)}:${canonical(record[key])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
