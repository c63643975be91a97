import { LIMIT_RANGE } from '../contract/request-limits.js';
import type { CallPath } from '../contract/route-table.js';
import { CALLS } from '../api/calls/index.js';
import { UNKNOWN_ORDER_ID, asRecord, dataOf, statusAndCode, type ProbeRequest, type ReceivedAnswer } from './exchange.js';
import { count } from '../lib/count.js';
import { qrImagesPresent } from './contract-problems.js';
import { listOf, plainSummary, probeOf, shownAsIs, type Probe, type ProbeContext, type Summary } from './probe.js';

export const LIST_ROUTES = CALLS.flatMap((entry) =>
  entry.records !== undefined ? [{ route: entry.path, name: entry.name, scope: entry.scope, noun: entry.records }] : [],
) satisfies readonly { route: CallPath; name: string; scope: string; noun: string }[];

/** Sent on getBalance, which the spec gives no parameters. */
export const UNKNOWN_PARAMETER = 'verifyUnknownParameter';

const get = (path: string, key: ProbeRequest['key'] = 'caller') => ({ method: 'GET' as const, path, key });

/** Each list is asked for 200 records before its out-of-range limits, so that a clamp can be told from an ignored limit. */
export function readProbes(): Probe[] {
  return ([
    { id: 'getBalance', check: 'getBalance', request: get('/getBalance') },
    refusal('getBalance without key', 'getBalance without x-api-key', get('/getBalance', 'none'), 401, 'a request without a key'),
    refusal('getBalance unknown key', 'getBalance with an unknown key', get('/getBalance', 'unknown'), 401, 'an unknown key'),
    {
      id: 'getBalance unknown parameter',
      check: `getBalance?${UNKNOWN_PARAMETER}=1`,
      request: get(`/getBalance?${UNKNOWN_PARAMETER}=1`),
      summarize: (answer) => (answer.status === 200 && answer.json !== undefined ? shownAsIs('200 (parameter ignored)') : plainSummary(answer)),
    },
    ...LIST_ROUTES.flatMap(({ route, name, noun }) => listProbes(route, name, noun)),
    {
      id: 'getOrders includeQrImages',
      check: 'getOrders?limit=1&includeQrImages=true',
      request: get('/getOrders?limit=1&includeQrImages=true'),
      rules: (answer) => [...atMost(1)(answer), ...qrImagesPresent(answer)],
      summarize: withinLimit(1, 'order'),
    },
    refusal('getOrderStatus unknown order', 'getOrderStatus of an unknown purchaseOrderId', get(`/getOrderStatus?purchaseOrderId=${UNKNOWN_ORDER_ID}`), 404, 'an order that does not exist'),
    refusal('getOrderStatus without id', 'getOrderStatus without purchaseOrderId', get('/getOrderStatus'), 400, 'a missing purchaseOrderId'),
    refusal('getOrderStatus invalid id', 'getOrderStatus?purchaseOrderId=not-a-uuid', get('/getOrderStatus?purchaseOrderId=not-a-uuid'), 400, 'a purchaseOrderId that is not a UUID'),
  ] satisfies Omit<Probe, 'route'>[]).map(probeOf);
}

/** A request the spec refuses with `status`, and says so of `what`. */
function refusal(id: string, check: string, request: ProbeRequest, status: number, what: string): Omit<Probe, 'route'> {
  return { id, check, request, rules: (answer) => (answer.status === status ? [] : [`the spec answers ${status} to ${what}, got ${statusAndCode(answer)}`]) };
}

/** getOrderStatus of an order the account has (the newest getOrders showed); `again`: the same request once more. */
export function orderStatusProbe(orderId: string, again = false): Probe {
  return probeOf({
    id: again ? 'getOrderStatus again' : 'getOrderStatus',
    check: again ? 'getOrderStatus of a listed order, again' : 'getOrderStatus of a listed order',
    request: get(`/getOrderStatus?purchaseOrderId=${encodeURIComponent(orderId)}&includeQrImages=true`),
    rules: (answer) => {
      if (answer.status !== 200) return [`the spec answers 200 with the order for an id getOrders listed, got ${answer.status}`];
      const id = asRecord(dataOf(answer))?.id;
      const problems = typeof id === 'string' && id.toLowerCase() !== orderId.toLowerCase() ? [`data.id is ${id}, the order asked for is ${orderId}`] : [];
      return [...problems, ...qrImagesPresent(answer)];
    },
  });
}

/** A list of eSIMs each provisioned: an order whose status answer cannot move any more, so it can be asked again. */
export function settledItems(items: unknown): boolean {
  return Array.isArray(items) && items.length > 0 && items.every((item) => asRecord(item)?.status === 'provisioned');
}

function listProbes(route: CallPath, name: string, noun: string): Omit<Probe, 'route'>[] {
  const probe = (limit: string | undefined, extra: Partial<Probe>) => {
    const id = limit === undefined ? name : `${name}?limit=${limit}`;
    return { id, check: id, request: get(limit === undefined ? route : `${route}?limit=${limit}`), ...extra };
  };
  const max = probe('200', { rules: atMost(LIMIT_RANGE.max), summarize: withinLimit(LIMIT_RANGE.max, noun) });
  return [
    probe(undefined, { rules: atMost(LIMIT_RANGE.default, false), summarize: withinLimit(LIMIT_RANGE.default, noun) }),
    probe('1', { rules: atMost(1), summarize: withinLimit(1, noun) }),
    max,
    // Sent again at once: a catalogue does not move between two reads, so a different answer means a random server.
    ...(route === '/getProducts' ? [{ ...max, id: `${name}?limit=200 again`, check: `${name}?limit=200, again` }] : []),
    probe('0', { summarize: outOfRange(0, route, noun) }),
    probe('201', { summarize: outOfRange(201, route, noun) }),
  ];
}

/** A limit inside the range (or none: 50): not refused, and at most that many records. */
function atMost(limit: number, given = true) {
  return (answer: ReceivedAnswer, _context?: ProbeContext): string[] => {
    if (answer.status >= 400 && answer.status < 500) {
      return [`the spec accepts ${given ? `limit ${limit} (1 to 200)` : 'a list request without limit (default 50)'}, got ${statusAndCode(answer)}`];
    }
    const list = listOf(answer);
    return list && list.length > limit ? [`${list.length} records for limit ${limit}, the spec says at most ${limit}`] : [];
  };
}

function withinLimit(limit: number, noun: string) {
  return (answer: ReceivedAnswer): Summary => {
    const list = listOf(answer);
    if (!list) return plainSummary(answer);
    return { shown: `200, ${count(list.length, noun)}`, key: list.length <= limit ? '200, within the limit' : '200, over the limit' };
  };
}

/**
 * A limit outside 1..200, which the spec leaves open: refused (4xx), or answered with the limit clamped
 * into the range; the size of the list at limit=200 tells a clamp from a limit ignored or taken as given.
 */
function outOfRange(limit: number, route: CallPath, noun: string) {
  return (answer: ReceivedAnswer, context: ProbeContext): Summary => {
    const list = listOf(answer);
    if (!list) return plainSummary(answer);
    const total = context.listSizes[route];
    const clampedTo = limit < LIMIT_RANGE.min ? LIMIT_RANGE.min : LIMIT_RANGE.max;
    const n = list.length;
    const shown = `200, ${count(n, noun)}`;
    // Without records a clamp cannot be told from a limit taken as given; either way it is not refused.
    if (total === undefined || total === 0) return { shown: `${shown} (accepted)`, key: 'clamp' };
    if (n === Math.min(clampedTo, total)) return { shown: `${shown} (clamped to ${clampedTo})`, key: 'clamp' };
    if (limit === 0 && n === 0) return { shown: `${shown} (limit 0 taken as given)`, key: 'as given' };
    if (n === Math.min(LIMIT_RANGE.default, total)) return { shown: `${shown} (limit ignored: the default ${LIMIT_RANGE.default})`, key: 'ignored' };
    if (n > LIMIT_RANGE.max) return { shown: `${shown} (more than 200)`, key: 'as given' };
    return { shown, key: `200, ${n}` };
  };
}
