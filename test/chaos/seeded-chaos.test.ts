import { setupServer } from 'msw/node';
import { expect, it } from 'vitest';
import { createSandbox as createCoreSandbox, type JournalEntry, type Sandbox } from 'esim-wholesale-sandbox';
import { createSandbox } from 'esim-wholesale-sandbox/msw';
import { startServer } from 'esim-wholesale-sandbox/server';
import { FULL_ACCESS } from '../support/modes.js';
import { virtualWallClock } from '../support/virtual-wall-clock.js';

const MSW_BASE_URL = 'https://api.partner.test/api/v1';
const PRODUCT = 'efd8480e-2903-458b-8ce3-156f0418df70';

/** A plain client: each call once, in a fixed order, waiting out a 429 on the virtual clock so no window holds the next call. */
async function send(baseUrl: string, calls: number, clock = virtualWallClock(), fetcher: typeof fetch = fetch): Promise<void> {
  const routes = ['/getBalance', '/getProducts?limit=2', '/getOrders?limit=1', 'order'];
  for (let call = 0; call < calls; call++) {
    const route = routes[call % routes.length]!;
    const init: RequestInit =
      route === 'order'
        ? { method: 'POST', headers: { 'x-api-key': FULL_ACCESS, 'content-type': 'application/json' }, body: JSON.stringify({ productId: PRODUCT, quantity: 1, idempotencyKey: `chaos-order-${call}` }) }
        : { headers: { 'x-api-key': FULL_ACCESS } };
    const response = await fetcher(`${baseUrl}${route === 'order' ? '/createOrder' : route}`, init).catch(() => undefined);
    if (response) await response.arrayBuffer();
    if (response?.status === 429) await clock.sleep(Number(response.headers.get('retry-after')) * 1000);
  }
}

const faultsOf = (sandbox: Sandbox) => sandbox.journal().map((entry: JournalEntry) => `${entry.route} ${entry.status} ${entry.fault ?? '-'}`);

it('the same seed and requests meet the same faults in-process (msw) and over HTTP', async () => {
  const chaos = { rate: 0.2, seed: 42 };
  const mswClock = virtualWallClock();
  const inProcess = createSandbox({ chaos, journalSize: 400, wallClock: mswClock.now });
  const msw = setupServer(...inProcess.handlers(MSW_BASE_URL));
  msw.listen({ onUnhandledFrame: 'bypass' } as never);
  const clock = virtualWallClock();
  await using server = await startServer({ port: 0, chaos, journalSize: 400, wallClock: clock.now });
  try {
    await send(MSW_BASE_URL, 200, mswClock);
    await send(server.url, 200, clock);
  } finally {
    msw.close();
  }
  const faults = faultsOf(inProcess);
  expect(faults.filter((line) => !line.endsWith(' -')).length).toBeGreaterThan(10);
  expect(faultsOf(server.sandbox)).toEqual(faults);
});

it('over 1,000 requests the share that meets a fault is within 20 % of the rate asked, each effect drawn', async () => {
  for (const rate of [0.05, 0.2, 0.5]) {
    const clock = virtualWallClock();
    const sandbox = createCoreSandbox({ chaos: { rate, seed: 3 }, journalSize: 1000, wallClock: clock.now });
    await send('http://sandbox.test/api/v1', 1000, clock, (input, init) => sandbox.fetch(new Request(input, init)));
    const struck = sandbox.journal().filter((entry) => entry.fault !== undefined);
    expect(struck.length, `rate ${rate}`).toBeGreaterThanOrEqual(Math.round(rate * 800));
    expect(struck.length, `rate ${rate}`).toBeLessThanOrEqual(Math.round(rate * 1200));
    if (rate === 0.5) expect(new Set(struck.map((entry) => entry.fault))).toEqual(new Set(['error', 'rate-limit', 'drop', 'lose-response']));
  }
});

it('lose-response strikes createOrder only, where a retry after a committed order is meaningful', async () => {
  const sandbox = createCoreSandbox({ chaos: { rate: 1, effects: ['lose-response'] } });
  const before = (await sandbox.state(), sandbox.db.orders.count());
  await send('http://sandbox.test/api/v1', 8, virtualWallClock(), (input, init) => sandbox.fetch(new Request(input, init)));
  expect(sandbox.journal().map((entry) => `${entry.route} ${entry.fault ?? '-'}`)).toEqual([
    'getBalance -', 'getProducts -', 'getOrders -', 'createOrder lose-response',
    'getBalance -', 'getProducts -', 'getOrders -', 'createOrder lose-response',
  ]);
  expect(sandbox.db.orders.count()).toBe(before + 2);
});

it('chaos draws from a generator of its own: the ids and eSIMs of what it spares are those of a sandbox without chaos', async () => {
  const calm = createCoreSandbox();
  const stormy = createCoreSandbox({ chaos: { rate: 1, routes: ['/getBalance'], seed: 9 } });
  for (const sandbox of [calm, stormy]) await send('http://sandbox.test/api/v1', 12, virtualWallClock(), (input, init) => sandbox.fetch(new Request(input, init)));
  expect(stormy.journal().filter((entry) => entry.route === 'getBalance').every((entry) => entry.fault !== undefined)).toBe(true);
  expect(stormy.journal().filter((entry) => entry.route !== 'getBalance').every((entry) => entry.fault === undefined)).toBe(true);
  expect(stormy.journal().filter((entry) => entry.route === 'createOrder' && entry.status === 200)).toHaveLength(3);
  // The times differ: a refused request does not step the clock.
  const withoutTimes = (sandbox: Sandbox) => JSON.parse(JSON.stringify(sandbox.db.orders.all(), (key, value) => (/At$/.test(key) ? undefined : value)));
  expect(withoutTimes(stormy)).toEqual(withoutTimes(calm));
});

it('a scenario\'s chaos is the same as chaos given in-process; the option wins over it, null turns it off', async () => {
  const scenario = { name: 'my-chaos', description: 'default under chaos', extends: 'default', chaos: { rate: 0.3, seed: 5 } };
  const [fromScenario, fromOption, off] = [
    createCoreSandbox({ scenario }),
    createCoreSandbox({ chaos: { rate: 0.3, seed: 5 } }),
    createCoreSandbox({ scenario, chaos: null }),
  ];
  for (const sandbox of [fromScenario, fromOption, off]) await send('http://sandbox.test/api/v1', 60, virtualWallClock(), (input, init) => sandbox.fetch(new Request(input, init)));
  expect(faultsOf(fromScenario)).toEqual(faultsOf(fromOption));
  expect(faultsOf(off).every((line) => line.endsWith(' -'))).toBe(true);
  expect(fromScenario.scenario.chaos).toEqual({ rate: 0.3, seed: 5, effects: ['error', 'rate-limit', 'drop', 'lose-response'] });
});

it('no chaos on the admin API or the OpenAPI document, even at rate 1', async () => {
  await using server = await startServer({ port: 0, chaos: { rate: 1 } });
  for (const path of ['/__sandbox/health', '/__sandbox/state', '/__sandbox/requests', '/__sandbox/readiness']) {
    expect((await fetch(`${server.origin}${path}`)).status, path).toBe(200);
  }
  expect((await fetch(`${server.url}/openapi.json`)).status).toBe(200);
  expect(server.sandbox.journal()).toEqual([]);
});

it.each([
  [{ rate: 1.5 }, 'chaos.rate: expected a rate from 0 to 1, e.g. 0.05 for 5 % of calls'],
  [{ rate: -0.1 }, 'chaos.rate: expected a rate from 0 to 1'],
  [{ rate: 0.1, effects: ['explode'] }, 'chaos.effects[0]: expected one of error, rate-limit, drop, lose-response'],
  [{ rate: 0.1, routes: ['/nowhere'] }, 'chaos.routes[0]: expected a call of the API: getBalance, getProducts'],
])('createSandbox refuses chaos %j, naming what is allowed', (chaos, message) => {
  expect(() => createCoreSandbox({ chaos: chaos as never })).toThrow(message);
});

it('a snapshot keeps where chaos stands: after restore, the same requests meet the same faults again', async () => {
  const clock = virtualWallClock();
  const sandbox = createCoreSandbox({ chaos: { rate: 0.4, seed: 8 }, wallClock: clock.now });
  const fetcher: typeof fetch = (input, init) => sandbox.fetch(new Request(input, init));
  await send('http://sandbox.test/api/v1', 10, clock, fetcher);
  const snapshot = await sandbox.snapshot();
  await send('http://sandbox.test/api/v1', 40, clock, fetcher);
  const first = faultsOf(sandbox).slice(10);
  await sandbox.restore(snapshot);
  await send('http://sandbox.test/api/v1', 40, clock, fetcher);
  // A restore starts a new run: the requests since it are the 40 sent after it.
  expect(faultsOf(sandbox)).toEqual(first);
  expect(first.some((line) => !line.endsWith(' -'))).toBe(true);
});
