import { expect, it } from 'vitest';
import { createSandbox, type Sandbox } from 'esim-wholesale-sandbox';
import { FULL_ACCESS } from '../support/modes.js';
import { virtualWallClock } from '../support/virtual-wall-clock.js';

const call = (sandbox: Sandbox, route: string, key = FULL_ACCESS) =>
  sandbox.fetch(new Request(`http://sandbox.test/api/v1${route}`, { headers: { 'x-api-key': key } }));

const lastEntry = (sandbox: Sandbox) => {
  const { route, status, fault, queuedFault, retryAfterS } = sandbox.journal().at(-1)!;
  return { route, status, fault, queuedFault, retryAfterS };
};

it('a one-off rate-limit fault opens a window on its route, as a scenario\'s does, until it closes', async () => {
  const clock = virtualWallClock();
  const sandbox = createSandbox({ wallClock: clock.now });
  const fault = await sandbox.queueFault({ route: 'getBalance', effect: 'rate-limit', retryAfterS: 2 });
  expect((await call(sandbox, '/getBalance')).headers.get('retry-after')).toBe('2');
  expect(lastEntry(sandbox)).toMatchObject({ status: 429, fault: 'rate-limit', queuedFault: fault.id, retryAfterS: 2 });
  await clock.sleep(1_000);
  expect((await call(sandbox, '/getBalance')).status).toBe(429);
  expect(lastEntry(sandbox)).toEqual({ route: 'getBalance', status: 429, fault: 'rate-limit', queuedFault: undefined, retryAfterS: 1 });
  expect((await call(sandbox, '/getProducts?limit=1')).status).toBe(200);
  await clock.sleep(1_000);
  expect((await call(sandbox, '/getBalance')).status).toBe(200);
  expect(await sandbox.queuedFaults()).toEqual([]);
});

it('chaos draws for every call, so a one-off fault changes the fault of its own call only', async () => {
  const run = async (queue: boolean) => {
    const clock = virtualWallClock();
    const sandbox = createSandbox({ wallClock: clock.now, chaos: { rate: 0.5, seed: 11, effects: ['error', 'drop'] } });
    if (queue) await sandbox.queueFault({ route: 'getProducts', effect: 'error', status: 500 });
    for (let i = 0; i < 30; i++) await call(sandbox, i % 2 === 0 ? '/getBalance' : '/getProducts?limit=1').catch(() => undefined);
    return sandbox.journal().map(({ route, status, fault, queuedFault }) => ({ route, status, fault, queuedFault }));
  };
  const [plain, queued] = [await run(false), await run(true)];
  expect(plain.some((entry) => entry.fault !== undefined)).toBe(true);
  // The one-off fault strikes the first getProducts (the 2nd call), over what chaos drew for it.
  expect(queued[1]).toMatchObject({ route: 'getProducts', status: 500, fault: 'error', queuedFault: expect.any(Number) });
  expect(queued.filter((_, index) => index !== 1)).toEqual(plain.filter((_, index) => index !== 1));
});

it('a snapshot keeps the one-off faults waiting, the windows open and where chaos stands', async () => {
  const clock = virtualWallClock();
  const sandbox = createSandbox({ wallClock: clock.now, chaos: { rate: 0.3, seed: 4, routes: ['/getProducts'] } });
  await sandbox.queueFault({ route: 'getOrders', effect: 'rate-limit', retryAfterS: 30 });
  await sandbox.queueFault({ route: 'getPaymentHistory', effect: 'error', status: 503 });
  expect((await call(sandbox, '/getOrders?limit=1')).status).toBe(429);
  const snapshot = await sandbox.snapshot();
  const after = async () => {
    const statuses = [(await call(sandbox, '/getOrders?limit=1')).status, (await call(sandbox, '/getPaymentHistory?limit=1')).status];
    for (let i = 0; i < 10; i++) statuses.push((await call(sandbox, '/getProducts?limit=1').catch(() => undefined))?.status ?? 0);
    return statuses;
  };
  const first = await after();
  expect(first.slice(0, 2)).toEqual([429, 503]);
  expect(await sandbox.queuedFaults()).toEqual([]);
  await sandbox.restore(snapshot);
  expect((await sandbox.queuedFaults()).map((fault) => fault.route)).toEqual(['getPaymentHistory']);
  expect(await after()).toEqual(first);
});
