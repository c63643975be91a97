import { expect, it } from 'vitest';
import { createSandbox, type ReadinessReport, type Sandbox } from 'esim-wholesale-sandbox';
import { startServer } from 'esim-wholesale-sandbox/server';
import { FULL_ACCESS } from '../support/modes.js';
import { inProcessFetch, ReferenceClient, runPartnerTests, UNKNOWN_ORDER_ID, type ReferenceClientOptions } from '../support/reference-client.js';

/**
 * Judgments a partner can bet on, on real time: the sandbox's latency is not the client's back-off, requests sent
 * at once are not retries of each other, a 429 holds its route only.
 */

const statuses = (report: ReadinessReport) => Object.fromEntries(report.checks.map((check) => [check.id, check.status]));
const check = (report: ReadinessReport, id: string) => report.checks.find((result) => result.id === id)!;

/** A client calling the sandbox in-process; a closed connection rejects with a TypeError, as fetch's does. */
function inProcess(sandbox: Sandbox, options: Partial<ReferenceClientOptions> = {}): ReferenceClient {
  return new ReferenceClient({
    baseUrl: 'http://sandbox.test/api/v1',
    apiKey: FULL_ACCESS,
    fetch: inProcessFetch(sandbox),
    ...options,
  });
}

/** flaky-network with 150 ms of latency on every call: a retry sent at once still arrives 150 ms after the failed request did. */
const SLOW_FLAKY = {
  name: 'slow-flaky',
  description: 'flaky-network, 150 ms slower',
  extends: 'flaky-network',
  faults: [
    { route: '*', effect: 'latency', latencyMs: 150 },
    { route: '/getBalance', effect: 'error', status: 503, fraction: 0.25 },
    { route: '/getProducts', effect: 'error', status: 503, fraction: 0.25 },
    { route: '/getOrderStatus', effect: 'error', status: 503, fraction: 0.25 },
    { route: '/getOrders', effect: 'error', status: 503, fraction: 0.25 },
    { route: '/createOrder', effect: 'lose-response', calls: [1] },
    { route: '/createOrder', effect: 'drop', calls: [3] },
  ],
};

it("under flaky-network, a client that retries a 5xx at once fails backs-off-on-5xx, however slow the sandbox's answers; one that backs off passes", async () => {
  const [zero, patient] = [createSandbox({ scenario: 'flaky-network' }), createSandbox({ scenario: SLOW_FLAKY as never })];
  const slowZero = createSandbox({ scenario: SLOW_FLAKY as never });
  const backingOff = createSandbox({ scenario: 'flaky-network' });
  await Promise.all([
    runPartnerTests(inProcess(zero, { flaw: 'no-backoff' })),
    runPartnerTests(inProcess(slowZero, { flaw: 'no-backoff' })),
    runPartnerTests(inProcess(patient)),
    runPartnerTests(inProcess(backingOff)),
  ]);
  for (const sandbox of [zero, slowZero]) {
    const failed = check(sandbox.readiness(), 'backs-off-on-5xx');
    expect(failed.status, failed.summary).toBe('fail');
    const [lost, retry] = failed.evidence;
    expect(retry!.path).toBe(lost!.path);
    expect(retry!.note).toMatch(new RegExp(`^its retry, \\d+ ms after the answer of #${lost!.seq}$`));
  }
  // The slow sandbox's failed answers took 150 ms: the client's own wait was under 100 ms all the same.
  const slow = slowZero.journal().find((entry) => entry.status === 503)!;
  expect(slow.durationMs).toBeGreaterThanOrEqual(140);
  for (const sandbox of [patient, backingOff]) {
    const report = sandbox.readiness();
    expect(statuses(report), JSON.stringify(report, null, 2)).toMatchObject({ 'backs-off-on-5xx': 'pass', 'retry-same-key': 'pass' });
    expect(report.checks.filter((result) => result.status === 'fail')).toEqual([]);
  }
});

/** A partner's tests that send five of a kind at once, as a client with a pool of connections does. */
async function atOnce(client: ReferenceClient): Promise<void> {
  await Promise.all([client.getBalance(), client.getBalance(), client.getBalance(), client.getBalance(), client.getBalance()]);
  // The drill's second getProducts is refused 429 for 1 s; a getBalance sent right after is no retry of it.
  const [[product]] = await Promise.all([client.getProducts(5), client.getProducts(5), client.getProducts(5), client.getBalance()]);
  const orders = await Promise.all(Array.from({ length: 5 }, () => client.createOrder(product!.id, 1)));
  expect(orders.filter((order) => order.reused)).toHaveLength(1);
  await Promise.all(orders.map((order) => client.waitForOrder(order.purchaseOrderId)));
  await client.getOrderStatus(UNKNOWN_ORDER_ID).catch((error: unknown) => error);
}

it('a correct client sending 5 createOrders and 5 reads at once through the drill is ready: in-process and over HTTP', async () => {
  const sandbox = createSandbox({ scenario: 'readiness-drill' });
  await using server = await startServer({ port: 0, scenario: 'readiness-drill' });
  await Promise.all([atOnce(inProcess(sandbox)), atOnce(new ReferenceClient({ baseUrl: server.url, apiKey: FULL_ACCESS }))]);
  for (const report of [sandbox.readiness(), server.sandbox.readiness()]) {
    expect(report.verdict, JSON.stringify(report, null, 2)).toBe('ready');
  }
  // The drill struck what it says, each fault met by requests sent beside the one it struck.
  const faults = server.sandbox.journal().filter((entry) => entry.fault).map((entry) => `${entry.route} ${entry.fault}`);
  expect(new Set(faults)).toEqual(new Set(['getBalance error', 'getProducts rate-limit', 'createOrder lose-response', 'createOrder error']));
});

it('under --chaos 0.2 --chaos-seed 7, a client that never retries is blamed only with requests of the same route and key', async () => {
  await using server = await startServer({ port: 0, chaos: { rate: 0.2, seed: 7 } });
  const client = new ReferenceClient({ baseUrl: server.url, apiKey: FULL_ACCESS, noRetries: true });
  // A suite that goes on to its next test when one fails.
  for (let run = 0; run < 4; run++) await runPartnerTests(client).catch(() => undefined);
  const journal = new Map(server.sandbox.journal().map((entry) => [entry.seq, entry]));
  const report = server.sandbox.readiness();
  let cited = 0;
  for (const result of report.checks.filter((candidate) => ['fail', 'not-determined'].includes(candidate.status))) {
    for (const evidence of result.evidence) {
      const after = /after the (?:answer|429) of #(\d+)/.exec(evidence.note ?? '');
      if (!after) continue;
      cited += 1;
      const [failed, next] = [journal.get(Number(after[1]))!, journal.get(evidence.seq)!];
      expect([next.route, next.keyId], `${result.id}: ${JSON.stringify(evidence)}`).toEqual([failed.route, failed.keyId]);
      expect(Date.parse(next.wallAt)).toBeGreaterThanOrEqual(Date.parse(failed.wallAt) + failed.durationMs);
    }
  }
  // The flaw shows where it is: each failed read was followed, at once, by the same read of the next test.
  expect(check(report, 'backs-off-on-5xx').status).toBe('fail');
  expect(cited).toBeGreaterThan(0);
});
