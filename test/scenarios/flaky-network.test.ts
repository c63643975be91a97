import { describe, expect, it } from 'vitest';
import { createSandbox } from 'esim-wholesale-sandbox';
import { describeBothModes, type Target } from '../support/modes.js';
import { cents, expectSuccess, expectFirst } from '../support/expectations.js';

/** What became of one attempt: its status, or `lost` when the connection closed without an answer. */
type Outcome = number | 'lost';

/** A partner client's retry loop: retries a lost connection or a 503, up to 10 attempts, noting each outcome. */
async function withRetries<Answer extends Response>(log: Outcome[], attempt: () => Promise<Answer>): Promise<Answer> {
  for (let tries = 1; ; tries++) {
    const response = await attempt().catch((error: unknown) => {
      if (error instanceof TypeError) return undefined;
      throw error;
    });
    log.push(response ? response.status : 'lost');
    if (response && response.status !== 503) return response;
    if (tries === 10) throw new Error(`no answer after 10 attempts: ${log.join(' ')}`);
  }
}

/**
 * A partner's session: reads, two orders each retried with its idempotencyKey, reads again. Returns every
 * attempt's outcome and the bodies finally answered.
 */
async function partnerSession(target: Target): Promise<{ outcomes: Outcome[]; bodies: unknown[] }> {
  const outcomes: Outcome[] = [];
  const bodies: unknown[] = [];
  const read = async <Path extends string>(path: Path) => {
    const body = await expectSuccess(await withRetries(outcomes, () => target.call(path)));
    bodies.push(body);
    return body;
  };
  const order = async (json: object) => {
    const body = await expectSuccess(await withRetries(outcomes, () => target.call('/createOrder', { json })));
    bodies.push(body);
    return body;
  };
  const [product] = await read('/getProducts?limit=1');
  await read('/getBalance');
  await order({ productId: product!.id, quantity: 2, idempotencyKey: 'flaky-order-0001' });
  await read('/getBalance');
  await order({ productId: product!.id, quantity: 1, idempotencyKey: 'flaky-order-0002' });
  await read('/getOrders?limit=10');
  await read('/getPaymentHistory?limit=3');
  await read('/getBalance');
  return { outcomes, bodies };
}


describeBothModes('scenario flaky-network: latency, 503s, a dropped connection and a lost response, the same every run', (target) => {
  it('flaky-network: the first createOrder is committed and charged but its response is lost; the retry with the same idempotencyKey gets reused: true and no second charge', async () => {
    await target().sandbox.reset();
    const log: Outcome[] = [];
    const product = await expectFirst(await withRetries(log, () => target().call('/getProducts?limit=1')));
    const before = await expectSuccess(await withRetries(log, () => target().call('/getBalance')));
    const json = { productId: product.id, quantity: 2, idempotencyKey: 'lost-response-0001' };

    await expect(target().call('/createOrder', { json })).rejects.toThrow(TypeError);
    const charged = await expectSuccess(await withRetries(log, () => target().call('/getBalance')));
    expect(cents(charged.balanceThb)).toBe(cents(before.balanceThb) - 2 * cents(product.currentUnitPriceThb));

    const retry = await expectSuccess(await target().call('/createOrder', { json }));
    expect(retry).toMatchObject({ reused: true, quantity: 2 });
    expect(retry.items).toHaveLength(2);
    expect(await expectSuccess(await withRetries(log, () => target().call('/getBalance')))).toEqual(charged);
    const orders = await expectSuccess(await withRetries(log, () => target().call('/getOrders?limit=10')));
    expect(orders.filter((order) => order.id === retry.purchaseOrderId)).toHaveLength(1);
    expect(orders).toHaveLength(5);
  });

  it('flaky-network: the third createOrder\'s connection drops before anything is done; its retry creates the order once', async () => {
    await target().sandbox.reset();
    const log: Outcome[] = [];
    const product = await expectFirst(await withRetries(log, () => target().call('/getProducts?limit=1')));
    const first = { productId: product.id, quantity: 1, idempotencyKey: 'drop-story-0001' };
    await withRetries(log, () => target().call('/createOrder', { json: first }));
    const before = await target().sandbox.state();

    const third = { productId: product.id, quantity: 1, idempotencyKey: 'drop-story-0002' };
    await expect(target().call('/createOrder', { json: third })).rejects.toThrow(TypeError);
    expect(await target().sandbox.state()).toEqual(before);
    const retry = await expectSuccess(await target().call('/createOrder', { json: third }));
    expect(retry.reused).toBe(false);
    expect(target().sandbox.journal().filter((entry) => entry.fault).map((entry) => entry.fault)).toEqual(
      expect.arrayContaining(['lose-response', 'drop']),
    );
  });

  it('flaky-network: the same seed gives the same outcome sequence and the same answers, run after run', async () => {
    await target().sandbox.reset();
    const first = await partnerSession(target());
    await target().sandbox.reset();
    const second = await partnerSession(target());
    expect(second).toEqual(first);
    expect(first.outcomes).toContain(503);
    expect(first.outcomes.filter((outcome) => outcome === 'lost')).toHaveLength(2);
    expect(first.bodies).toContainEqual(expect.objectContaining({ purchaseOrderId: expect.any(String), reused: true }));
  });

  it('flaky-network: every call waits at least the 10 ms of base latency', async () => {
    const started = performance.now();
    await target().call('/getBalance');
    expect(performance.now() - started).toBeGreaterThanOrEqual(9);
  });
}, { scenario: 'flaky-network' });

describe('scenario flaky-network across sandboxes', () => {
  async function statuses(seed?: number): Promise<Outcome[]> {
    const sandbox = createSandbox({ scenario: 'flaky-network', ...(seed !== undefined && { seed }) });
    const outcomes: Outcome[] = [];
    for (let i = 0; i < 24; i++) {
      const response = await sandbox.fetch(new Request('http://x/api/v1/getBalance', { headers: { 'x-api-key': 'sk_test_full_access' } }));
      outcomes.push(response.type === 'error' ? 'lost' : response.status);
    }
    return outcomes;
  }

  it('flaky-network: two sandboxes with the same seed strike the same calls; another seed strikes others', async () => {
    const first = await statuses();
    expect(await statuses()).toEqual(first);
    expect(first).toContain(503);
    expect(first).toContain(200);
    expect(await statuses(2)).not.toEqual(first);
  });
});
