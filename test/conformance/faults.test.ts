import { afterEach, describe, expect, it } from 'vitest';
import { createSandbox, type ScenarioFile } from 'esim-wholesale-sandbox';
import { describeBothModes, type Target } from '../support/modes.js';
import { expectError, expectSuccess, expectFirst } from '../support/expectations.js';
import { virtualWallClock } from '../support/virtual-wall-clock.js';

const clock = virtualWallClock();

async function useFaults(target: Target, faults: ScenarioFile['faults']) {
  await target.sandbox.useScenario({ name: 'faulty', description: 'faults under test', extends: 'default', faults });
}

async function firstProductId(target: Target): Promise<string> {
  return (await expectFirst(await target.call('/getProducts?limit=1'))).id;
}

describeBothModes('faults', (target) => {
  afterEach(() => target().sandbox.useScenario('default'));


  it('a lost response commits the order; the retry with the same idempotencyKey gets reused: true and no second charge', async () => {
    await useFaults(target(), [{ route: 'createOrder', effect: 'lose-response', calls: [1] }]);
    const json = { productId: await firstProductId(target()), quantity: 2, idempotencyKey: 'lost-response-1' };
    const before = await expectSuccess(await target().call('/getBalance'));
    await expect(target().call('/createOrder', { json })).rejects.toThrow(TypeError);
    const charged = await expectSuccess(await target().call('/getBalance'));
    expect(charged.balanceThb).toBeLessThan(before.balanceThb);
    const retry = await expectSuccess(await target().call('/createOrder', { json }));
    expect(retry.reused).toBe(true);
    expect(retry.items).toHaveLength(2);
    expect(await expectSuccess(await target().call('/getBalance'))).toEqual(charged);
    expect(target().sandbox.journal().at(-4)).toMatchObject({ url: '/api/v1/createOrder', status: 200, fault: 'lose-response' });
  });

  it('a dropped connection answers nothing and changes nothing', async () => {
    await useFaults(target(), [{ route: 'createOrder', effect: 'drop', calls: [1] }]);
    const json = { productId: await firstProductId(target()), quantity: 1 };
    const before = await target().sandbox.state();
    await expect(target().call('/createOrder', { json })).rejects.toThrow(TypeError);
    expect(await target().sandbox.state()).toEqual(before);
    await expectSuccess(await target().call('/createOrder', { json }));
  });

  it('an error fault answers its status on the chosen calls only, changing nothing; its route may be the call\'s path', async () => {
    await useFaults(target(), [{ route: '/getBalance', effect: 'error', status: 503, calls: [2, 3] }]);
    await expectSuccess(await target().call('/getBalance'));
    await expectError(await target().call('/getBalance'), 503, 'SERVICE_UNAVAILABLE', /temporarily unavailable/);
    await expectError(await target().call('/getBalance'), 503, 'SERVICE_UNAVAILABLE');
    await expectSuccess(await target().call('/getBalance'));
    await expectSuccess(await target().call('/getProducts?limit=1'));
  });

  it('a rate-limit fault answers 429 RATE_LIMITED with its Retry-After on the chosen calls, and its window after, changing nothing', async () => {
    await useFaults(target(), [{ route: 'createOrder', effect: 'rate-limit', retryAfterS: 7, calls: [1] }]);
    const json = { productId: await firstProductId(target()), quantity: 1, idempotencyKey: 'rate-limit-fault-1' };
    const before = await target().sandbox.state();
    const limited = await target().call('/createOrder', { json });
    expect(limited.headers.get('retry-after')).toBe('7');
    await expectError(limited, 429, 'RATE_LIMITED', 'rate limit reached; retry after 7 s');
    expect(await target().sandbox.state()).toEqual(before);
    expect(target().sandbox.journal().at(-1)).toMatchObject({ status: 429, fault: 'rate-limit', retryAfterS: 7 });
    await clock.sleep(7_000);
    expect((await expectSuccess(await target().call('/createOrder', { json }))).reused).toBe(false);
  });

  it('an error fault wins over a rate-limit fault on the same call', async () => {
    await useFaults(target(), [
      { route: 'getBalance', effect: 'rate-limit', calls: [1] },
      { route: 'getBalance', effect: 'error', status: 503, calls: [1] },
    ]);
    await expectError(await target().call('/getBalance'), 503, 'SERVICE_UNAVAILABLE');
  });

  it('a 500 fault answers INTERNAL_ERROR', async () => {
    await useFaults(target(), [{ effect: 'error', status: 500 }]);
    await expectError(await target().call('/getOrders'), 500, 'INTERNAL_ERROR');
  });

  it('latency delays the answer by at least latencyMs', async () => {
    await useFaults(target(), [{ route: 'getBalance', effect: 'latency', latencyMs: 150, jitterMs: 50 }]);
    const started = performance.now();
    await expectSuccess(await target().call('/getBalance'));
    expect(performance.now() - started).toBeGreaterThanOrEqual(145);
  });

  it('rate-limit headers come with every answer while a rate limit is on', async () => {
    await target().sandbox.useScenario({ name: 'limited', description: 'limited', extends: 'default', behavior: { rateLimit: { requests: 5, perMs: 60_000 } } });
    const first = await target().call('/getBalance');
    expect(first.headers.get('x-ratelimit-limit')).toBe('5');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('4');
    expect(Number(first.headers.get('x-ratelimit-reset'))).toBeGreaterThan(0);
  });
}, { wallClock: clock.now });

describe('faults are deterministic for a seed', () => {
  async function outcomes(seed: number): Promise<string[]> {
    const sandbox = createSandbox({
      seed,
      scenario: { name: 'coin', description: 'half the calls fail', extends: 'default', faults: [{ effect: 'error', fraction: 0.5 }, { effect: 'latency', jitterMs: 3 }] },
    });
    const results: string[] = [];
    for (let i = 0; i < 40; i++) {
      const response = await sandbox.fetch(new Request('http://x/api/v1/getBalance', { headers: { 'x-api-key': 'sk_test_full_access' } }));
      results.push(`${response.status}`);
    }
    return results;
  }

  it('strikes the same calls for the same seed, other calls for another', async () => {
    const first = await outcomes(3);
    expect(await outcomes(3)).toEqual(first);
    expect(first).toContain('503');
    expect(first).toContain('200');
    expect(await outcomes(4)).not.toEqual(first);
  });
});
