import { afterEach, expect, it, vi } from 'vitest';
import { createSandbox } from 'esim-wholesale-sandbox';
import { startServer } from 'esim-wholesale-sandbox/server';

const KEY = { 'x-api-key': 'sk_test_full_access' };

/** A wall clock that gives a time no date can hold while `broken` is set: the journal cannot write that request's row. */
function breakableWallClock() {
  let ms = Date.parse('2026-11-28T10:00:00.000Z');
  const clock = { broken: false, now: () => (clock.broken ? Number.NaN : (ms += 1)) };
  return clock;
}

const logged = () => vi.spyOn(console, 'error').mockImplementation(() => {});
afterEach(() => vi.restoreAllMocks());

const orderBody = (productId: string, idempotencyKey: string) => JSON.stringify({ productId, quantity: 1, idempotencyKey });

it('a journal row that cannot be written, with an event stream open: createOrder still answers its order, the failure is logged, later requests answer', async () => {
  const log = logged();
  const wall = breakableWallClock();
  await using server = await startServer({ port: 0, wallClock: wall.now });
  const events = await fetch(`${server.origin}/__sandbox/events`);
  const reader = events.body!.getReader();
  try {
    const product = (await (await fetch(`${server.url}/getProducts?limit=1`, { headers: KEY })).json()).data[0];
    const balanceBefore = (await (await fetch(`${server.url}/getBalance`, { headers: KEY })).json()).data.balanceThb;

    wall.broken = true;
    const pending = fetch(`${server.url}/createOrder`, { method: 'POST', headers: { ...KEY, 'content-type': 'application/json' }, body: orderBody(product.id, 'contained-0001') });
    const order = await pending;
    wall.broken = false;
    expect(order.status).toBe(200);
    const { data } = await order.json();
    expect(data.purchaseOrderId).toEqual(expect.any(String));

    const balanceAfter = (await (await fetch(`${server.url}/getBalance`, { headers: KEY })).json()).data.balanceThb;
    expect(balanceAfter).toBeLessThan(balanceBefore);
    for (const path of ['/health', '/state', '/requests', '/readiness']) {
      expect((await fetch(`${server.origin}/__sandbox${path}`)).status, path).toBe(200);
    }
    const status = await fetch(`${server.url}/getOrderStatus?purchaseOrderId=${data.purchaseOrderId}`, { headers: KEY });
    expect(status.status).toBe(200);
    expect(log.mock.calls.flat().join('\n')).toMatch(/noting POST http:\/\/[^ ]+\/api\/v1\/createOrder \(answered 200\) in the journal: RangeError: the journal keeps times it can write/);
    // The stream still tells of the requests after the one it could not.
    let told = '';
    while (!told.includes('getOrderStatus')) told += new TextDecoder().decode((await reader.read()).value);
  } finally {
    await reader.cancel();
  }
});

it('a subscriber that throws is removed and logged; the answer is given, and later requests answer', async () => {
  const log = logged();
  await using sandbox = createSandbox();
  let heard = 0;
  sandbox.subscribe(() => {
    throw new Error('this subscriber fails');
  });
  sandbox.subscribe(() => void (heard += 1));
  const product = (await (await sandbox.fetch(new Request('http://x/api/v1/getProducts?limit=1', { headers: KEY }))).json()).data[0];
  const order = await sandbox.fetch(
    new Request('http://x/api/v1/createOrder', { method: 'POST', headers: { ...KEY, 'content-type': 'application/json' }, body: orderBody(product.id, 'contained-0002') }),
  );
  expect(order.status).toBe(200);
  expect((await order.json()).data.purchaseOrderId).toEqual(expect.any(String));
  expect((await sandbox.fetch(new Request('http://x/api/v1/getBalance', { headers: KEY }))).status).toBe(200);
  expect(heard).toBe(3);
  expect(log.mock.calls.flat().join('\n')).toContain('a listener failed and no longer hears: Error: this subscriber fails');
  expect(sandbox.journal().map((entry) => entry.status)).toEqual([200, 200, 200]);
});

it('in-process, a request whose journal row cannot be written is answered; the journal goes on without that row', async () => {
  const log = logged();
  const wall = breakableWallClock();
  await using sandbox = createSandbox({ wallClock: wall.now });
  sandbox.subscribe(() => {});
  wall.broken = true;
  const answered = await sandbox.fetch(new Request('http://x/api/v1/getBalance', { headers: KEY }));
  wall.broken = false;
  expect(answered.status).toBe(200);
  expect((await sandbox.fetch(new Request('http://x/api/v1/getBalance', { headers: KEY }))).status).toBe(200);
  expect(sandbox.journal()).toHaveLength(1);
  expect(sandbox.readiness().verdict).toEqual(expect.any(String));
  expect(log).toHaveBeenCalledOnce();
});
