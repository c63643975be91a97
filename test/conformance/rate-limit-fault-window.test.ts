import { beforeEach, expect, it } from 'vitest';
import { describeBothModes, FULL_ACCESS, type Target } from '../support/modes.js';
import { expectError, expectSuccess } from '../support/expectations.js';
import { virtualWallClock } from '../support/virtual-wall-clock.js';

const clock = virtualWallClock();

const WINDOWS = {
  name: 'rate-limit-windows',
  description: 'getProducts call 2 opens a 3 s window on getProducts; getOrders call 2 opens a 2 s window on every route.',
  extends: 'default',
  faults: [
    { route: 'getProducts' as const, effect: 'rate-limit' as const, retryAfterS: 3, calls: [2] },
    { route: '*' as const, effect: 'rate-limit' as const, retryAfterS: 2, calls: [12] },
  ],
};

async function limited(target: Target, path: string, retryAfter: string, key = FULL_ACCESS) {
  const response = await target.call(path, { key });
  expect(response.headers.get('retry-after')).toBe(retryAfter);
  expect(response.headers.get('x-ratelimit-remaining')).toBe('0');
  expect(response.headers.get('x-ratelimit-reset')).toBe(retryAfter);
  expect(response.headers.get('x-ratelimit-limit')).toBe('0');
  await expectError(response, 429, 'RATE_LIMITED', `rate limit reached; retry after ${retryAfter} s`);
}

describeBothModes('a rate-limit fault opens a window that holds until it closes', (target) => {
  beforeEach(() => target().sandbox.reset());

  it('a client that ignores Retry-After meets 429 on every retry inside the window, with the seconds left, and 200 after it', async () => {
    await expectSuccess(await target().call('/getProducts?limit=1'));
    await limited(target(), '/getProducts?limit=1', '3');
    await limited(target(), '/getProducts?limit=1', '3');
    await clock.sleep(1_000);
    await limited(target(), '/getProducts?limit=1', '2');
    await clock.sleep(1_500);
    await limited(target(), '/getProducts?limit=1', '1');
    await clock.sleep(500);
    await expectSuccess(await target().call('/getProducts?limit=1'));
    expect(target().sandbox.journal().map((entry) => [entry.status, entry.fault, entry.retryAfterS])).toEqual([
      [200, undefined, undefined],
      [429, 'rate-limit', 3],
      [429, 'rate-limit', 3],
      [429, 'rate-limit', 2],
      [429, 'rate-limit', 1],
      [200, undefined, undefined],
    ]);
  });

  it('honours-retry-after fails that client, citing each retry that came inside the window', async () => {
    await expectSuccess(await target().call('/getProducts?limit=1'));
    for (let retry = 0; retry < 3; retry++) {
      await target().call('/getProducts?limit=1');
      await clock.sleep(400);
    }
    const check = target().sandbox.readiness().checks.find((result) => result.id === 'honours-retry-after')!;
    expect(check.status).toBe('fail');
    // The numbers go on through the resets between tests: the run's 2nd request is the one its first 429 answered.
    const first = target().sandbox.journal()[0]!.seq - 1;
    expect(check.evidence.map((evidence) => [evidence.seq, evidence.status])).toEqual([[first + 2, 429], [first + 3, 429], [first + 4, 429]]);
    expect(check.summary).toMatch(new RegExp(`${first + 3} came 400 ms after the 429 of \\D*${first + 2}, which asked for 3000 ms \\(2 requests came too soon in all\\)`));
  });

  it('the window holds the same key on the fault\'s route only: other routes and other keys are answered', async () => {
    await expectSuccess(await target().call('/getProducts?limit=1'));
    await limited(target(), '/getProducts?limit=1', '3');
    await expectSuccess(await target().call('/getBalance'));
    await expectSuccess(await target().call('/getProducts?limit=1', { key: 'sk_test_read_only' }));
    await limited(target(), '/getProducts?limit=1', '3');
  });

  it('a fault on every route ("*") holds every route for that key', async () => {
    for (let call = 0; call < 11; call++) await expectSuccess(await target().call('/getBalance'));
    await limited(target(), '/getBalance', '2');
    await limited(target(), '/getOrders?limit=1', '2');
    await expectSuccess(await target().call('/getBalance', { key: 'sk_test_read_only' }));
    await clock.sleep(2_000);
    await expectSuccess(await target().call('/getOrders?limit=1'));
  });
}, { scenario: WINDOWS, wallClock: clock.now });

describeBothModes('a rate-limit fault beside a steady limit', (target) => {
  it('answers the steady limit\'s headers: its limit, nothing remaining, the window\'s seconds', async () => {
    await expectSuccess(await target().call('/getProducts?limit=1'));
    const response = await target().call('/getProducts?limit=1');
    expect(response.status).toBe(429);
    expect(Object.fromEntries([...response.headers].filter(([name]) => /^(retry-after|x-ratelimit-)/.test(name)))).toEqual({
      'retry-after': '3',
      'x-ratelimit-limit': '100',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': '3',
    });
  });
}, { scenario: { ...WINDOWS, behavior: { rateLimit: { requests: 100, perMs: 60_000 } } }, wallClock: clock.now });
