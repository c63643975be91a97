import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from 'esim-wholesale-sandbox/server';
import { startServer } from 'esim-wholesale-sandbox/server';
import { verifyService } from '../../src/verify/verify-service.js';
import { formatVerifyReport } from '../../src/verify/verify-report.js';
import { STAND_IN_KEY, STAND_IN_SWITCHES, TEST_RATE, read, startStandIn } from './stand-in.js';

const STRONG = 'evidence strong (see Evidence)';
/** The open points verify never tries on purpose: not determined against any service. */
const UNTRIED = ['idempotencyTtlMs', 'insufficientBalance', 'quantity over inventory', 'unknown productId', 'rateLimit', 'other statuses'];

async function orderCount(baseUrl: string): Promise<number> {
  return JSON.parse((await read(baseUrl, '/getOrders?limit=200', STAND_IN_KEY)).text).data.length;
}

describe('esim-sandbox verify against a stand-in with switches of its own', () => {
  let standIn: RunningServer;
  beforeAll(async () => {
    standIn = await startStandIn();
  });
  afterAll(async () => {
    await standIn.close();
  });

  it('sends only reads by default, each answer conforming, and infers limitOutOfRange and the ordering of the lists', async () => {
    const report = await verifyService({ baseUrl: standIn.url, apiKey: STAND_IN_KEY, rate: TEST_RATE });
    expect(report).toMatchObject({ conforms: true, exitCode: 0, readOnly: true, behavior: { limitOutOfRange: 'clamp', unknownQueryParameter: 'ignore' } });
    expect(report.behavior).not.toHaveProperty('unknownBodyField');
    expect(report.behavior).not.toHaveProperty('reusedResponse');
    expect(standIn.sandbox.journal().every((entry) => entry.method === 'GET')).toBe(true);
    const rows = Object.fromEntries(report.rows.map((row) => [row.check, row]));
    expect(rows['getProducts?limit=0']).toMatchObject({ real: '200, 1 product (clamped to 1)', sandbox: '400 VALIDATION_ERROR', result: 'differ' });
    expect(rows['getOrders?limit=201']).toMatchObject({ real: '200, 4 orders (clamped to 200)', result: 'differ' });
    expect(rows['limitOutOfRange']).toMatchObject({ kind: 'open point', real: 'clamp', sandbox: 'reject', result: 'differ', note: `scenario behavior {"limitOutOfRange":"clamp"}; ${STRONG}` });
    expect(rows['ordering of getOrders']).toMatchObject({ real: 'newest first', sandbox: 'newest first', result: 'match' });
    expect(rows['getOrderStatus of an unknown purchaseOrderId']).toMatchObject({ real: '404 ORDER_NOT_FOUND', result: 'match' });
    expect(rows['reusedResponse']).toMatchObject({ result: 'not determined', note: 'not determined: it needs an order: run with --orders' });
    expect(rows['unknownQueryParameter']).toMatchObject({ kind: 'open point', real: 'ignore', sandbox: 'reject', result: 'differ', note: `scenario behavior {"unknownQueryParameter":"ignore"}; ${STRONG}` });
    expect(rows['unknownBodyField']).toMatchObject({ result: 'not determined', note: 'not determined: it needs an order: run with --orders' });
    expect(report.requests).toBe(26);
  });

  it('with orders, recognises reusedResponse "minimal" and idempotencyMismatch "reject", placing one order of one eSIM', async () => {
    const ordersBefore = await orderCount(standIn.url);
    const before = standIn.sandbox.journal().length;
    const log: string[] = [];
    const report = await verifyService({ baseUrl: standIn.url, apiKey: STAND_IN_KEY, rate: TEST_RATE, orders: true, log: (line) => log.push(line) });
    expect(report).toMatchObject({ conforms: true, exitCode: 0, readOnly: false, behavior: { ...STAND_IN_SWITCHES, provisioning: { mode: 'immediate' } } });
    const rows = Object.fromEntries(report.rows.map((row) => [row.check, row]));
    expect(rows['reusedResponse']).toMatchObject({ real: 'minimal', sandbox: 'full', result: 'differ', note: `scenario behavior {"reusedResponse":"minimal"}; ${STRONG}` });
    expect(rows['idempotencyMismatch']).toMatchObject({ real: 'reject', sandbox: 'return-original', result: 'differ' });
    expect(rows['createOrder, same key, quantity 2']).toMatchObject({ real: '409 IDEMPOTENCY_KEY_MISMATCH', sandbox: '200, the original order' });
    expect(rows['getBalance after the orders (charged once)']).toMatchObject({ real: '200, charged once', result: 'match' });
    expect(rows['unknownBodyField']).toMatchObject({ real: 'ignore', sandbox: 'reject', result: 'differ', note: `scenario behavior {"unknownBodyField":"ignore"}; ${STRONG}` });
    expect(rows['createOrder again, same body and key, plus "verifyUnknownField"']).toMatchObject({ real: '200 (field ignored, the original order)', sandbox: '400 (field refused)' });

    const sent = standIn.sandbox.journal().slice(before);
    expect(sent.filter((entry) => entry.method === 'POST')).toHaveLength(4);
    // The stand-in journals the field it ignored as a hint, as it would for a partner's client.
    expect(sent.find((entry) => entry.hints)?.hints?.map((hint) => hint.code)).toEqual(['unknown-query-parameter']);
    expect(sent.filter((entry) => entry.hints?.some((hint) => hint.code === 'unknown-body-field'))).toHaveLength(1);
    expect(await orderCount(standIn.url)).toBe(ordersBefore + 1);
    // The plan is told before anything is sent, the order itself just before it is placed.
    expect(log[0]).toMatch(/^Verifying http:\/\/127\.0\.0\.1:\d+\/api\/v1 with key \*+c3d4: at most 28 GET requests and 4 createOrder requests/);
    expect(log[1]).toMatch(/At most 2 orders and 3 eSIMs are bought/);
    expect(log[2]).toMatch(/^Ordering 1 × OR-JP-3GB-5D \(Orbit Japan 3GB 5 Days, 9e8d7c6b-5a49-4382-9716-05f4e3d2c1b0\) at 140 THB, idempotencyKey verify-[0-9a-f-]{36}; at most 420 THB in all\.$/);
    expect(formatVerifyReport(report)).toContain(
      '\nEvidence: strong — identical requests got identical answers (getProducts?limit=200; getOrderStatus of a listed order) and requests the spec answers differently got the answers it says.\n',
    );
    expect(formatVerifyReport(report)).toMatch(/Every answer checked conforms to the contract \(answers: 22 match, 10 differ; open points: 3 match, 5 differ, 6 not determined; 32 requests sent\)\.\n$/);
  });

  it('finds nothing to tell between the sandbox default and itself', async () => {
    const sandbox = await startServer({ port: 0, scenario: 'default' });
    try {
      const report = await verifyService({ baseUrl: sandbox.url, apiKey: 'sk_test_full_access', rate: TEST_RATE, orders: true });
      expect(report.conforms).toBe(true);
      // Every answer and every open point matches, but those never tried on purpose, which are not determined.
      expect(report.rows.filter((row) => row.result !== 'match').map((row) => [row.check, row.result])).toEqual(UNTRIED.map((check) => [check, 'not determined']));
      expect(report.exitCode).toBe(0);
      expect(report.behavior).toEqual({
        limitOutOfRange: 'reject',
        provisioning: { mode: 'immediate' },
        reusedResponse: 'full',
        idempotencyMismatch: 'return-original',
        unknownQueryParameter: 'reject',
        unknownBodyField: 'reject',
      });
    } finally {
      await sandbox.close();
    }
  });

  it('does not check the routes a key may not call, and says why', async () => {
    const report = await verifyService({ baseUrl: standIn.url, apiKey: 'sk_live_standin_reader', rate: TEST_RATE });
    expect(report.conforms).toBe(true);
    const row = report.rows.find((candidate) => candidate.check === 'getPaymentHistory?limit=1');
    expect(row).toMatchObject({
      real: '403 FORBIDDEN_SCOPE',
      result: 'not checked',
      note: 'the key was refused: 403 FORBIDDEN_SCOPE: Missing required scope: payments:read',
    });
  });

  it('sends at most --rate requests a second', async () => {
    const before = standIn.sandbox.journal().length;
    const started = performance.now();
    await verifyService({ baseUrl: standIn.url, apiKey: STAND_IN_KEY, rate: 20 });
    const elapsed = performance.now() - started;
    const sent = standIn.sandbox.journal().length - before;
    // n requests at 20 a second: n - 1 gaps of 50 ms at least.
    expect(elapsed).toBeGreaterThanOrEqual((sent - 1) * 50 - 5);
  });
});
