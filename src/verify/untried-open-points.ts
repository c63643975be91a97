import { asRecord, dataOf } from './exchange.js';
import type { Inference } from './infer-behaviors.js';
import { listOf, type Observation } from './probe.js';
import { LIST_ROUTES } from './read-probes.js';

/**
 * The open points verify never tries on purpose, each with why it is not determined and what the answers
 * showed of it nonetheless: it does not overdraw an account, order past the stock, order a product that does
 * not exist or push a service to its rate limit. What the answers hint is said only when they can be `trusted`.
 */
export function untriedOpenPoints(observations: readonly Observation[], trusted: boolean): Inference[] {
  const balance = asRecord(dataOf(observations.find((observation) => observation.probe.id === 'getBalance')?.answer))?.balanceThb;
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
      unknown: `not determined: the lists show which statuses this account's records have${trusted ? ` (${statusesSeen(observations)})` : ''}, not which ones the service creates`,
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
function statusesSeen(observations: readonly Observation[]): string {
  return LIST_ROUTES.filter(({ name }) => name !== 'getProducts')
    .map(({ name, noun }) => {
      const answer = observations.find((observation) => observation.probe.id === `${name}?limit=200`)?.answer;
      const list = answer ? listOf(answer) : undefined;
      const statuses = [...new Set((list ?? []).map((entry) => asRecord(entry)?.status).filter((status) => typeof status === 'string'))];
      return `${noun}s: ${statuses.length ? statuses.join(', ') : 'none listed'}`;
    })
    .join('; ');
}
