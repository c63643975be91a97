import { describe, expect, it } from 'vitest';
import { createSandbox, type QueuedFaultInput, type ReadinessReport, type Sandbox } from 'esim-wholesale-sandbox';
import { FULL_ACCESS } from '../support/modes.js';
import { inProcessFetch, ReferenceClient, runPartnerTests, UNKNOWN_ORDER_ID } from '../support/reference-client.js';
import { virtualWallClock } from '../support/virtual-wall-clock.js';

/**
 * Every "not exercised" names a way that exercises its check: each test reads the advice of a report with nothing
 * in it, does what it says (the fault it names, queued as written; the scenario it names), and the check is then
 * exercised — it passes or fails, whichever the client earns.
 */

const summaryOf = (report: ReadinessReport, id: string) => report.checks.find((check) => check.id === id)!.summary;
const statusOf = (report: ReadinessReport, id: string) => report.checks.find((check) => check.id === id)!.status;

function clientOf(sandbox: Sandbox, clock: ReturnType<typeof virtualWallClock>): ReferenceClient {
  return new ReferenceClient({
    baseUrl: 'http://sandbox.test/api/v1',
    apiKey: FULL_ACCESS,
    fetch: inProcessFetch(sandbox),
    sleep: clock.sleep,
  });
}

/** The fault an advice names, as it writes it for sandbox.queueFault(…). */
function faultIn(summary: string): QueuedFaultInput {
  const written = /sandbox\.queueFault\((\{[^)]*\})\)/.exec(summary);
  expect(written, summary).not.toBeNull();
  return JSON.parse(written![1]!) as QueuedFaultInput;
}

describe('outside the drill, the advice of each check not exercised exercises it when followed', () => {
  const fresh = () => {
    const clock = virtualWallClock();
    const sandbox = createSandbox({ scenario: 'default', wallClock: clock.now });
    return { sandbox, client: clientOf(sandbox, clock) };
  };

  it.each([
    ['retry-same-key', 'createOrder', 'lose-response'],
    ['honours-retry-after', 'getProducts', 'rate-limit'],
    ['backs-off-on-5xx', 'getBalance', 'error'],
  ] as const)('%s: queue the fault it names for the next %s, make the call, retry as it says', async (id, call, effect) => {
    const { sandbox, client } = fresh();
    const advice = summaryOf(sandbox.readiness(), id);
    expect(statusOf(sandbox.readiness(), id)).toBe('not-exercised');
    const fault = faultIn(advice);
    expect(fault).toEqual({ route: `/${call}`, effect });
    await sandbox.queueFault(fault);
    // The reference client retries as the advice says: with its key, after a wait, once Retry-After has passed.
    const [product] = call === 'createOrder' ? await client.getProducts(1) : [];
    if (call === 'createOrder') await client.createOrder(product!.id, 1);
    if (call === 'getProducts') await client.getProducts(5);
    if (call === 'getBalance') await client.getBalance();
    expect(statusOf(sandbox.readiness(), id), summaryOf(sandbox.readiness(), id)).toBe('pass');
  });

  it('idempotency-key-sent and valid-requests: place an order, as they say', async () => {
    const { sandbox, client } = fresh();
    expect(summaryOf(sandbox.readiness(), 'idempotency-key-sent')).toBe('No createOrder was sent: place an order in your tests.');
    expect(summaryOf(sandbox.readiness(), 'valid-requests')).toBe('No request reached the API: run your tests against the sandbox.');
    const [product] = await client.getProducts(1);
    await client.createOrder(product!.id, 1);
    expect([statusOf(sandbox.readiness(), 'idempotency-key-sent'), statusOf(sandbox.readiness(), 'valid-requests')]).toEqual(['pass', 'pass']);
  });

  it('no-blind-retry-on-4xx: getOrderStatus of an unknown purchaseOrderId, as it says', async () => {
    const { sandbox, client } = fresh();
    expect(summaryOf(sandbox.readiness(), 'no-blind-retry-on-4xx')).toContain('getOrderStatus of an unknown purchaseOrderId (404 ORDER_NOT_FOUND)');
    await client.getOrderStatus(UNKNOWN_ORDER_ID).catch((error: unknown) => error);
    expect(statusOf(sandbox.readiness(), 'no-blind-retry-on-4xx')).toBe('pass');
  });

  it.each(['readiness-drill', 'delayed-provisioning'])('polls-politely: on %s, which it names, place an order and poll it until it is confirmed', async (scenario) => {
    const { sandbox } = fresh();
    expect(summaryOf(sandbox.readiness(), 'polls-politely')).toContain(scenario);
    const clock = virtualWallClock();
    const named = createSandbox({ scenario, wallClock: clock.now });
    const client = clientOf(named, clock);
    const [product] = await client.getProducts(1);
    // The drill loses the answer of its first order: the reference client retries it with its key.
    const order = await client.createOrder(product!.id, 1);
    await client.waitForOrder(order.purchaseOrderId);
    expect(statusOf(named.readiness(), 'polls-politely')).toBe('pass');
  });

  it('a check met but not retried says to retry, and retrying exercises it', async () => {
    const { sandbox, client } = fresh();
    await sandbox.queueFault({ route: '/getBalance', effect: 'error', status: 503 });
    const noRetries = new ReferenceClient({ baseUrl: 'http://sandbox.test/api/v1', apiKey: FULL_ACCESS, fetch: (input, init) => sandbox.fetch(new Request(input, init)), noRetries: true });
    await noRetries.getBalance().catch(() => undefined);
    expect(summaryOf(sandbox.readiness(), 'backs-off-on-5xx')).toBe('1 request got a 5xx or no answer and was not retried: retry a request that gets a 5xx or no answer, after a wait.');
    await client.getBalance();
    expect(statusOf(sandbox.readiness(), 'backs-off-on-5xx')).not.toBe('not-exercised');
  });
});

describe('in the drill, the advice of each check not exercised names what of the drill exercises it', () => {
  it('a run of ordinary partner tests, as the advice describes, exercises every check', async () => {
    const clock = virtualWallClock();
    const sandbox = createSandbox({ scenario: 'readiness-drill', wallClock: clock.now });
    const advice = sandbox.readiness().checks.map((check) => check.summary);
    expect(advice.filter((summary) => summary.includes('run the drill'))).toEqual([]);
    expect(advice).toContain("No request got a 5xx or a closed connection: go on past the drill's 503s (its third createOrder and its second getBalance), retrying each after a wait.");
    await runPartnerTests(clientOf(sandbox, clock));
    expect(sandbox.readiness().checks.filter((check) => check.status === 'not-exercised')).toEqual([]);
  });
});
