import { describe, expect, it } from 'vitest';
import type { JournalEntry } from 'esim-wholesale-sandbox';
import { gradeReadiness } from '../../src/domain/readiness/checks.js';
import type { ReadinessReport } from '../../src/domain/readiness/report.js';

const BASE = Date.parse('2026-11-23T10:00:00.000Z');
const KEY = { apiKey: '************cess', keyId: 'aaaaaaaa' };
const OTHER_KEY = { apiKey: '************only', keyId: 'bbbbbbbb' };
const PRODUCT = 'efd8480e-2903-458b-8ce3-156f0418df70';
const ORDER = '264985fc-e796-4483-9380-7fd1a315a80d';

/** A request as a test describes it: `at` is wall-clock ms after BASE (answered at once unless `durationMs` says); route and URL default from each other. */
type Fields = Omit<Partial<JournalEntry>, 'at'>;
type Spec = Fields & { at: number };

/** Journal entries numbered from 1, each arriving `at` ms after BASE. */
function journal(...specs: Spec[]): JournalEntry[] {
  return specs.map(({ at, ...fields }, index) => {
    const route = fields.route ?? (fields.url ?? '/api/v1/getBalance').split('?')[0]!.replace('/api/v1/', '');
    return {
      seq: index + 1,
      at: new Date(Date.parse('2026-01-15T09:00:00.000Z') + index * 1000).toISOString(),
      wallAt: new Date(BASE + at).toISOString(),
      method: route === 'createOrder' ? 'POST' : 'GET',
      url: `/api/v1/${route}`,
      route,
      ...KEY,
      status: 200,
      durationMs: 0,
      ...fields,
    } as JournalEntry;
  });
}

const order = (at: number, fields: Fields & { key?: string } = {}): Spec => {
  const { key = 'order-key-0001', ...rest } = fields;
  return { at, route: 'createOrder', orderRequest: { productId: PRODUCT, quantity: 1, ...(key !== '' && { idempotencyKey: key }) }, ...rest };
};
const lost = { fault: 'lose-response' as const };
const unavailable = { status: 503, errorCode: 'SERVICE_UNAVAILABLE', fault: 'error' as const };
const poll = (at: number, orderStatus: string, fields: Fields = {}): Spec => ({
  at,
  url: `/api/v1/getOrderStatus?purchaseOrderId=${ORDER}`,
  route: 'getOrderStatus',
  orderId: ORDER,
  orderStatus,
  ...fields,
});

function grade(entries: JournalEntry[], minPollIntervalMs = 1000): ReadinessReport {
  return gradeReadiness(entries, { name: 'readiness-drill', readiness: { minPollIntervalMs } });
}

function check(entries: JournalEntry[], id: string, minPollIntervalMs?: number) {
  return grade(entries, minPollIntervalMs).checks.find((result) => result.id === id)!;
}

describe('the readiness report', () => {
  it('lists the seven checks in a stable order, each with a title and a hint', () => {
    const report = grade([]);
    expect(report.checks.map((result) => result.id)).toEqual([
      'idempotency-key-sent', 'retry-same-key', 'honours-retry-after', 'backs-off-on-5xx', 'no-blind-retry-on-4xx', 'valid-requests', 'polls-politely',
    ]);
    for (const result of report.checks) {
      expect(Object.keys(result)).toEqual(['id', 'title', 'status', 'summary', 'evidence', 'hint']);
      expect(result.title.length).toBeGreaterThan(10);
      expect(result.hint.length).toBeGreaterThan(40);
    }
  });

  it('is incomplete for an empty journal: nothing was exercised', () => {
    const report = grade([]);
    expect(report).toMatchObject({ verdict: 'incomplete', scenario: 'readiness-drill' });
    expect(report.checks.every((result) => result.status === 'not-exercised' && result.evidence.length === 0)).toBe(true);
  });

  it('is not-ready when one check fails, whatever else was not exercised', () => {
    expect(grade(journal({ at: 0, status: 400, errorCode: 'VALIDATION_ERROR', errorMessage: 'limit must be…' })).verdict).toBe('not-ready');
  });

  it('gives the same report for the same journal, in whatever order the entries come', () => {
    const entries = journal(order(0, lost), order(10, { key: 'order-key-0002' }), { at: 20, status: 429, retryAfterS: 1 }, { at: 30 });
    expect(grade(entries)).toEqual(grade(structuredClone(entries)));
    expect(grade([...entries].reverse())).toEqual(grade(entries));
  });
});

describe('idempotency-key-sent', () => {
  it('passes when every createOrder carries an idempotencyKey', () => {
    expect(check(journal(order(0), order(10, { key: 'order-key-0002' })), 'idempotency-key-sent')).toMatchObject({ status: 'pass' });
  });

  it('fails on one createOrder without, citing it', () => {
    const result = check(journal(order(0), { at: 5 }, order(10, { key: '' })), 'idempotency-key-sent');
    expect(result.status).toBe('fail');
    expect(result.summary).toMatch(/^1 of the 2 createOrders carried an idempotencyKey \(first without: #3\)/);
    expect(result.evidence).toEqual([expect.objectContaining({ seq: 3, method: 'POST', path: '/api/v1/createOrder', note: 'no idempotencyKey in the body' })]);
  });

  it('leaves a body that is no JSON object to valid-requests, and is not exercised without a createOrder', () => {
    const notJson = { at: 0, route: 'createOrder', status: 400, errorCode: 'VALIDATION_ERROR', errorMessage: 'request body is not valid JSON' };
    expect(check(journal(notJson), 'idempotency-key-sent').status).toBe('not-exercised');
  });
});

describe('retry-same-key', () => {
  it('passes when the createOrder after a lost one, of the same product and quantity, carries the same key', () => {
    const result = check(journal(order(0, lost), { at: 100 }, order(300)), 'retry-same-key');
    expect(result).toMatchObject({ status: 'pass', evidence: [] });
  });

  it.each([
    ['a lost response', lost],
    ['a 503', unavailable],
    ['a dropped connection', { status: 0, fault: 'drop' as const }],
    ['a 500', { status: 500, errorCode: 'INTERNAL_ERROR' }],
  ])('fails when the retry after %s carries another key', (_, failure) => {
    const result = check(journal(order(0, failure), order(300, { key: 'order-key-0002' })), 'retry-same-key');
    expect(result.status).toBe('fail');
    expect(result.evidence.map((evidence) => evidence.seq)).toEqual([1, 2]);
    expect(result.evidence[1]!.note).toBe('idempotencyKey "order-key-0002"');
  });

  it('shows the double charge: the two orders, when the lost one was carried out', () => {
    const entries = journal(order(0, { ...lost, orderId: ORDER }), order(300, { key: 'order-key-0002', orderId: 'e6cbb87a-b3ce-4dbd-b025-bfb7e6a02467' }));
    const result = check(entries, 'retry-same-key');
    expect(result.summary).toBe(
      `createOrder #1 placed order ${ORDER} but its answer was lost, and its retry, #2, carried another idempotencyKey: two orders, ${ORDER} and e6cbb87a-b3ce-4dbd-b025-bfb7e6a02467, the account charged twice.`,
    );
    expect(result.evidence[0]!.note).toBe(`idempotencyKey "order-key-0001", order ${ORDER}`);
  });

  it('names a 503 retried with a new key as a 503, not as a lost answer: nothing placed in this run, still a failure', () => {
    const result = check(journal(order(0, unavailable), order(300, { key: 'order-key-0002', orderId: ORDER })), 'retry-same-key');
    expect(result.status).toBe('fail');
    expect(result.summary).toBe(
      'createOrder #1 was answered 503 SERVICE_UNAVAILABLE, placing nothing in this run, and its retry, #2, ' +
        'carried another idempotencyKey: on the real service a 5xx can follow a committed order, and then a new key places a second one and charges twice.',
    );
    expect(result.summary).not.toContain('lost');
  });

  it('fails when the retry carries no key at all', () => {
    const result = check(journal(order(0, lost), order(300, { key: '' })), 'retry-same-key');
    expect(result.summary).toContain('its retry, #2, carried no idempotencyKey');
  });

  it('takes only a createOrder of the same key, product and quantity for the retry', () => {
    const otherProduct = order(100, { key: 'order-key-0002', orderRequest: { productId: ORDER, quantity: 1, idempotencyKey: 'order-key-0002' } });
    const otherQuantity = order(200, { key: 'order-key-0003', orderRequest: { productId: PRODUCT, quantity: 2, idempotencyKey: 'order-key-0003' } });
    const otherKey = order(250, { key: 'order-key-0004', ...OTHER_KEY });
    expect(check(journal(order(0, lost), otherProduct, otherQuantity, otherKey, order(300)), 'retry-same-key').status).toBe('pass');
  });

  it('with no later request carrying the key, takes orders of the same product sent at once for siblings: not determined, never a double charge', () => {
    const entries = journal(order(0), order(1, { ...lost, key: 'order-key-0002' }), order(2, { key: 'order-key-0003' }));
    const result = check(entries, 'retry-same-key');
    expect(result.status).toBe('not-determined');
    expect(result.summary).toMatch(/^createOrder #2 lost its answer and no later createOrder carried its idempotencyKey/);
  });

  it('is not exercised when nothing was lost, or a lost createOrder was never retried, saying which', () => {
    expect(check(journal(order(0)), 'retry-same-key')).toMatchObject({ status: 'not-exercised', summary: expect.stringMatching(/^No createOrder lost its answer/) });
    expect(check(journal(order(0, lost)), 'retry-same-key').summary).toMatch(/^1 createOrder lost its answer and was not retried/);
    expect(check(journal(order(0, { ...lost, key: '' }), order(300, { key: '' })), 'retry-same-key').summary).toContain('carried no idempotencyKey to retry with');
  });
});

describe('honours-retry-after', () => {
  const limited = { status: 429, errorCode: 'RATE_LIMITED', retryAfterS: 1 };

  it('passes when the next request of the route with the key comes Retry-After after the 429 was sent, within 50 ms', () => {
    expect(check(journal({ at: 0, ...limited }, { at: 950 }), 'honours-retry-after').status).toBe('pass');
    expect(check(journal({ at: 0, ...limited, durationMs: 300 }, { at: 1250 }), 'honours-retry-after').status).toBe('pass');
    expect(check(journal({ at: 0, ...limited, retryAfterS: 3 }, { at: 3000 }), 'honours-retry-after').status).toBe('pass');
  });

  it('fails when a request of its route comes sooner, counted from the moment the 429 was sent, citing the 429 and the request', () => {
    const result = check(journal({ at: 0, ...limited, durationMs: 300 }, { at: 1249, url: '/api/v1/getBalance?x=1' }), 'honours-retry-after');
    expect(result.status).toBe('fail');
    expect(result.summary).toBe('#2 came 949 ms after the 429 of #1, which asked for 1000 ms.');
    expect(result.evidence.map(({ seq, status }) => [seq, status])).toEqual([[1, 429], [2, 200]]);
  });

  it('holds a 429 against the route its window covers only: a request of another route fails nothing', () => {
    const entries = journal({ at: 0, ...limited, url: '/api/v1/getProducts' }, { at: 2, url: '/api/v1/getBalance' }, { at: 1000, url: '/api/v1/getProducts' });
    expect(check(entries, 'honours-retry-after').status).toBe('pass');
    expect(check(journal({ at: 0, ...limited, url: '/api/v1/getProducts' }, { at: 2 }), 'honours-retry-after').status).toBe('not-exercised');
  });

  it("holds a 429 of the scenario's steady rate limit against every route of the key", () => {
    const entries = journal({ at: 0, ...limited, url: '/api/v1/getProducts' }, { at: 2, url: '/api/v1/getBalance' });
    const report = gradeReadiness(entries, { name: 'rate-limited', readiness: { minPollIntervalMs: 1000 }, behavior: { rateLimit: { requests: 5, perMs: 1000 } } });
    expect(report.checks.find((result) => result.id === 'honours-retry-after')!.status).toBe('fail');
  });

  it('takes copies sent at once with the refused one for siblings: three getProducts at once, the second refused, retried after Retry-After', () => {
    const products = { url: '/api/v1/getProducts?limit=5' };
    const entries = journal({ at: 0, ...products }, { at: 2, ...products, ...limited }, { at: 4, ...products, ...limited }, { at: 1003, ...products }, { at: 1005, ...products });
    expect(check(entries, 'honours-retry-after')).toMatchObject({ status: 'pass' });
  });

  it('never takes a request that arrived before the 429 was sent for a reaction to it', () => {
    const entries = journal({ at: 0, ...limited, durationMs: 150 }, { at: 100 }, { at: 1150 });
    expect(check(entries, 'honours-retry-after').status).toBe('pass');
  });

  it('does not hold a request with another key against it', () => {
    expect(check(journal({ at: 0, ...limited }, { at: 10, ...OTHER_KEY }, { at: 1000 }), 'honours-retry-after').status).toBe('pass');
  });

  it('is not exercised without a 429 followed by a request of its key', () => {
    expect(check(journal({ at: 0 }), 'honours-retry-after').status).toBe('not-exercised');
    expect(check(journal({ at: 0, ...limited }), 'honours-retry-after').summary).toMatch(/^1 429 answered, but no request of the route it holds came after it with the same key/);
  });
});

describe('backs-off-on-5xx', () => {
  it('passes when the retry (same route, key, path and query) waits 100 ms or more after the answer', () => {
    expect(check(journal({ at: 0, ...unavailable }, { at: 50, url: '/api/v1/getProducts' }, { at: 100 }), 'backs-off-on-5xx').status).toBe('pass');
    expect(check(journal(order(0, lost), order(100)), 'backs-off-on-5xx').status).toBe('pass');
  });

  it("fails when it comes sooner, measured from the moment the answer was sent: the sandbox's latency is not the client's back-off", () => {
    const result = check(journal({ at: 0, ...unavailable, durationMs: 150 }, { at: 151 }), 'backs-off-on-5xx');
    expect(result.status).toBe('fail');
    expect(result.summary).toBe('1 of 1 retry after a 5xx or a closed connection came sooner than 100 ms after the answer (first: #2, 1 ms after the answer of #1).');
    expect(result.evidence.map(({ seq }) => seq)).toEqual([1, 2]);
  });

  it('never takes a request of another path, query or key, or one sent before the answer, for the retry', () => {
    const entries = journal(
      { at: 0, ...unavailable, url: '/api/v1/getProducts?limit=5', durationMs: 20 },
      { at: 5, url: '/api/v1/getProducts?limit=5' },
      { at: 21, url: '/api/v1/getProducts?limit=10' },
      { at: 22, url: '/api/v1/getProducts?limit=5', ...OTHER_KEY },
      { at: 23, url: '/api/v1/getBalance' },
      { at: 300, url: '/api/v1/getProducts?limit=5' },
    );
    expect(check(entries, 'backs-off-on-5xx')).toMatchObject({ status: 'pass' });
  });

  it("takes a createOrder's retry by its idempotencyKey, however late, not an order sent beside it", () => {
    const entries = journal(order(0, lost), order(1, { key: 'order-key-0002' }), order(2, { key: 'order-key-0003' }), order(400));
    expect(check(entries, 'backs-off-on-5xx').status).toBe('pass');
    expect(check(entries, 'retry-same-key').status).toBe('pass');
  });

  it('takes copies of a read sent at once with the failed one for siblings, not retries; none but siblings after it: not determined', () => {
    const burst = (...specs: Spec[]) => journal({ at: 0 }, { at: 1, ...unavailable }, { at: 3 }, { at: 6 }, ...specs);
    expect(check(burst({ at: 250 }), 'backs-off-on-5xx').status).toBe('pass');
    const unclear = check(burst(), 'backs-off-on-5xx');
    expect(unclear.status).toBe('not-determined');
    expect(unclear.summary).toMatch(/^#2 got a 503, but each later copy of it came within ms of copies sent at once with it: which is its retry cannot be told/);
    expect(grade(burst()).verdict).toBe('incomplete');
    // One at a time, the same timing is a retry too soon.
    expect(check(journal({ at: 1, ...unavailable }, { at: 3 }), 'backs-off-on-5xx').status).toBe('fail');
  });

  it('fails when one request is attempted a sixth time in a row, however long the waits', () => {
    const attempts = (count: number) => Array.from({ length: count }, (_, i): Spec => ({ at: i * 10_000, ...(i < count - 1 && unavailable) }));
    expect(check(journal(...attempts(5)), 'backs-off-on-5xx').status).toBe('pass');
    const result = check(journal(...attempts(6)), 'backs-off-on-5xx');
    expect(result.status).toBe('fail');
    expect(result.summary).toBe('#6 was attempt 6 in a row of one request (at most 5).');
    expect(result.evidence.map((evidence) => evidence.note)).toEqual(['attempt 1', 'attempt 2', 'attempt 3', 'attempt 4', 'attempt 5', 'attempt 6']);
  });

  it('is not exercised without a request after a failure', () => {
    expect(check(journal({ at: 0 }, { at: 10, ...unavailable }), 'backs-off-on-5xx').status).toBe('not-exercised');
  });
});

describe('no-blind-retry-on-4xx', () => {
  const notFound = { url: `/api/v1/getOrderStatus?purchaseOrderId=${ORDER}`, status: 404, errorCode: 'ORDER_NOT_FOUND' };

  it('passes when a refused request is sent at most twice', () => {
    expect(check(journal({ at: 0, ...notFound }, { at: 10, ...notFound }), 'no-blind-retry-on-4xx').status).toBe('pass');
  });

  it('fails when it is sent a third time, citing the three sends', () => {
    const result = check(journal({ at: 0, ...notFound }, { at: 10, ...notFound }, { at: 20 }, { at: 30, ...notFound }), 'no-blind-retry-on-4xx');
    expect(result.status).toBe('fail');
    expect(result.summary).toBe(`GET /api/v1/getOrderStatus?purchaseOrderId=${ORDER} was refused with 404 ORDER_NOT_FOUND (#1) and sent unchanged a third time (#4).`);
    expect(result.evidence.map((evidence) => evidence.seq)).toEqual([1, 2, 4]);
  });

  it('counts a third send even when it succeeds, starts again after a success, and tells requests apart by key and body', () => {
    const created = order(20);
    const refused = { status: 409, errorCode: 'INSUFFICIENT_BALANCE' };
    expect(check(journal(order(0, refused), created, order(30), order(40)), 'no-blind-retry-on-4xx').status).toBe('pass');
    expect(check(journal(order(0, refused), order(10, refused), created), 'no-blind-retry-on-4xx').status).toBe('fail');
    expect(check(journal({ at: 0, ...notFound }, { at: 1, ...notFound, ...OTHER_KEY }, { at: 2, ...notFound, ...OTHER_KEY }), 'no-blind-retry-on-4xx').status).toBe('pass');
    expect(check(journal(order(0, refused), order(1, { ...refused, key: 'order-key-0002' }), order(2, { ...refused, key: 'order-key-0003' })), 'no-blind-retry-on-4xx').status).toBe('pass');
  });

  it('does not count a copy that arrived before the refusal was answered: it was sent beside it', () => {
    const slow = { ...notFound, durationMs: 50 };
    expect(check(journal({ at: 0, ...slow }, { at: 10, ...notFound }, { at: 20, ...notFound }, { at: 60, ...notFound }), 'no-blind-retry-on-4xx').status).toBe('pass');
  });

  it('is not exercised when only 429s or no 4xx were answered', () => {
    const limited = { status: 429, errorCode: 'RATE_LIMITED', retryAfterS: 1 };
    expect(check(journal({ at: 0, ...limited }, { at: 1, ...limited }, { at: 2, ...limited }), 'no-blind-retry-on-4xx').status).toBe('not-exercised');
  });
});

describe('valid-requests', () => {
  const invalid = (at: number, errorMessage: string): Spec => ({ at, status: 400, errorCode: 'VALIDATION_ERROR', errorMessage });

  it('passes when no request was refused with 400 VALIDATION_ERROR', () => {
    expect(check(journal({ at: 0 }, { at: 1, status: 404, errorCode: 'ORDER_NOT_FOUND' }), 'valid-requests')).toMatchObject({
      status: 'pass',
      summary: 'None of 2 requests was refused with 400 VALIDATION_ERROR.',
    });
  });

  it('fails citing each distinct message once', () => {
    const limit = 'limit must be an integer from 1 to 200 (got "0")';
    const quantity = 'quantity must be an integer from 1 to 2000 (got 0)';
    const result = check(journal(invalid(0, limit), invalid(1, quantity), invalid(2, limit)), 'valid-requests');
    expect(result.status).toBe('fail');
    expect(result.summary).toBe(`3 requests refused with 400 VALIDATION_ERROR, 2 distinct messages; first #1: ${limit}.`);
    expect(result.evidence.map(({ seq, sandbox }) => [seq, sandbox])).toEqual([[1, `refused: ${limit}`], [2, `refused: ${quantity}`]]);
  });
});

describe('polls-politely', () => {
  it('passes when each poll after a processing one comes the interval later, within 50 ms', () => {
    expect(check(journal(poll(0, 'processing'), poll(950, 'processing'), poll(1950, 'confirmed'), poll(1960, 'confirmed')), 'polls-politely')).toMatchObject({
      status: 'pass',
      summary: 'Each of 2 polls after an order was processing came 1000 ms or more after the answer of the poll before.',
    });
  });

  it('fails on a poll sooner, citing it and the poll before', () => {
    const result = check(journal(poll(0, 'processing'), poll(949, 'processing')), 'polls-politely');
    expect(result.status).toBe('fail');
    expect(result.evidence.map(({ seq, note }) => [seq, note])).toEqual([[1, 'order processing'], [2, '949 ms after the answer of #1, at least 1000 ms expected']]);
  });

  it('takes the interval from the scenario, and keeps orders and keys apart', () => {
    expect(check(journal(poll(0, 'processing'), poll(200, 'confirmed')), 'polls-politely', 200).status).toBe('pass');
    const other = 'e6cbb87a-b3ce-4dbd-b025-bfb7e6a02467';
    const otherOrder = poll(10, 'processing', { orderId: other, url: `/api/v1/getOrderStatus?purchaseOrderId=${other}` });
    expect(check(journal(poll(0, 'processing'), otherOrder, { ...poll(20, 'processing'), ...OTHER_KEY }, poll(1000, 'confirmed')), 'polls-politely').status).toBe('pass');
  });

  it('groups a poll that was refused with the order its query names', () => {
    const refused = poll(100, 'processing', { status: 503, errorCode: 'SERVICE_UNAVAILABLE', orderId: undefined, orderStatus: undefined });
    expect(check(journal(poll(0, 'processing'), refused), 'polls-politely').status).toBe('fail');
  });

  it('is not exercised when no poll followed a processing answer', () => {
    expect(check(journal(poll(0, 'confirmed'), poll(1, 'confirmed')), 'polls-politely').status).toBe('not-exercised');
  });
});

describe('the readiness report tells what would exercise a check', () => {
  const notExercised = (scenario: string) =>
    gradeReadiness([], { name: scenario, readiness: { minPollIntervalMs: 1000 } }).checks.filter((result) => result.status === 'not-exercised');

  it('during the drill, says what of the drill would exercise it, never to run the drill', () => {
    const summaries = notExercised('readiness-drill').map((result) => result.summary);
    expect(summaries.filter((summary) => /run the drill/.test(summary))).toEqual([]);
    expect(summaries).toContain("No request was answered 429 RATE_LIMITED: call getProducts twice: the drill's second getProducts is.");
  });

  it('elsewhere, names a one-off fault that strikes the next call of a route, and the drill', () => {
    const result = notExercised('default').find((candidate) => candidate.id === 'honours-retry-after')!;
    expect(result.summary).toBe(
      'No request was answered 429 RATE_LIMITED: queue a fault for the next getProducts (POST /__sandbox/faults {"route":"/getProducts","effect":"rate-limit"}, ' +
        "or the inspector's fault form; in-process sandbox.queueFault({\"route\":\"/getProducts\",\"effect\":\"rate-limit\"})), call getProducts, " +
        'and retry it once Retry-After has passed; or run the drill (scenario readiness-drill).',
    );
    const polls = notExercised('default').find((candidate) => candidate.id === 'polls-politely')!;
    expect(polls.summary).not.toContain('chaos');
  });
});
