import { describe, expect, it } from 'vitest';
import { startServer } from 'esim-wholesale-sandbox/server';
import { startProxy } from '../../src/proxy/start-proxy.js';
import { runSteps, STEPS } from './exchange-sequence.js';

describe('a proxy in front of a service that keeps the contract', () => {
  it('passes every answer back byte for byte, journals each exchange once on both sides, and grades the traffic', async () => {
    await using direct = await startServer({ port: 0, seed: 3 });
    await using upstream = await startServer({ port: 0, seed: 3 });
    await using proxy = await startProxy({ port: 0, upstream: upstream.url });

    const expected = await runSteps(direct.url);
    const through = await runSteps(proxy.url);
    expect(through.map((seen) => seen.status)).toEqual(expected.map((seen) => seen.status));
    through.forEach((seen, index) => {
      const wanted = expected[index]!;
      expect(seen.bytes.equals(wanted.bytes), `step ${index + 1}: ${seen.bytes.toString()} ≠ ${wanted.bytes.toString()}`).toBe(true);
      expect(seen.contentType).toBe(wanted.contentType);
      expect(seen.retryAfter).toBe(wanted.retryAfter);
    });
    // The six calls and their errors were all there.
    expect(new Set(through.map((seen) => seen.status))).toEqual(new Set([200, 400, 401, 403, 404, 405, 415]));

    const journal = proxy.sandbox.journal();
    expect(journal).toHaveLength(STEPS.length);
    expect(upstream.sandbox.journal()).toHaveLength(STEPS.length);
    expect(journal.map((entry) => entry.status)).toEqual(expected.map((seen) => seen.status));
    expect(new Set(journal.map((entry) => entry.route))).toEqual(
      new Set(['getBalance', 'getProducts', 'getPaymentHistory', 'createOrder', 'getOrderStatus', 'getOrders', undefined]),
    );
    const [placed, replayed] = [journal[6]!, journal[7]!];
    expect(placed).toMatchObject({ route: 'createOrder', orderRequest: { idempotencyKey: 'order-0001' }, reused: false });
    expect(replayed).toMatchObject({ orderId: placed.orderId, reused: true });
    expect(journal[2]).toMatchObject({ errorCode: 'KYC_REQUIRED', proxied: { upstream: new URL(upstream.url).origin, forwarded: true, upstreamStatus: 403 } });
    // The client's mistakes are noted as its own, and still forwarded; the service broke nothing.
    expect(journal[4]!.proxied!.inputProblems).toEqual([expect.stringContaining('limit must be an integer from 1 to 200')]);
    expect(journal[10]!.proxied!.inputProblems).toEqual([expect.stringContaining('Content-Type must be application/json'), expect.stringContaining('productId is required')]);
    expect(journal.filter((entry) => entry.proxied?.upstreamProblems)).toEqual([]);
    expect(proxy.summary()).toEqual({
      upstream: upstream.url,
      exchanges: STEPS.length,
      forwarded: STEPS.length,
      withInputProblems: 4,
      injectedFaults: {},
      breaks: { total: 0, byKind: {} },
    });
    // The key is kept masked only, by the journal and its bodies.
    expect(JSON.stringify(proxy.sandbox.history())).not.toContain('sk_test_full_access');
    for (const path of ['/requests?include=bodies', '/requests/1/curl', '/readiness']) {
      const text = await (await fetch(`${proxy.origin}/__sandbox${path}`)).text();
      expect(text, path).not.toContain('sk_test_full_access');
    }

    const report = proxy.sandbox.readiness();
    // Graded on the real answers: the 400s and the orders sent without an idempotencyKey are the client's.
    expect(report.checks.find((check) => check.id === 'valid-requests')!.status).toBe('fail');
    expect(report.checks.find((check) => check.id === 'idempotency-key-sent')!.status).toBe('fail');
  });
});

it("passes the upstream's 429 back with its Retry-After, and the 5xx of its own faults, as they came", async () => {
  await using direct = await startServer({ port: 0 });
  await using upstream = await startServer({ port: 0 });
  await using proxy = await startProxy({ port: 0, upstream: upstream.url });
  const headers = { 'x-api-key': 'sk_test_full_access' };
  const answers = [];
  for (const server of [direct, upstream]) {
    await server.sandbox.queueFault({ route: 'getBalance', effect: 'rate-limit', retryAfterS: 3 });
    await server.sandbox.queueFault({ route: 'getProducts', effect: 'error', status: 500 });
    const base = server === direct ? direct.url : proxy.url;
    const limited = await fetch(`${base}/getBalance`, { headers });
    const failed = await fetch(`${base}/getProducts`, { headers });
    answers.push([limited.status, limited.headers.get('retry-after'), await limited.text(), failed.status, await failed.text()]);
  }
  expect(answers[1]).toEqual(answers[0]);
  expect(answers[0]!.slice(0, 2)).toEqual([429, '3']);
  expect(proxy.sandbox.journal().map((entry) => [entry.status, entry.retryAfterS, entry.errorCode, entry.fault])).toEqual([
    [429, 3, 'RATE_LIMITED', undefined],
    [500, undefined, 'INTERNAL_ERROR', undefined],
  ]);
});
