import { expect, it } from 'vitest';
import { startServer } from 'esim-wholesale-sandbox/server';
import { startProxy } from '../../src/proxy/start-proxy.js';
import { FULL_ACCESS } from '../support/modes.js';

const PRODUCT = 'efd8480e-2903-458b-8ce3-156f0418df70';
const headers = { 'x-api-key': FULL_ACCESS, 'content-type': 'application/json' };

function createOrder(url: string, idempotencyKey: string): Promise<Response> {
  return fetch(`${url}/createOrder`, { method: 'POST', headers, body: JSON.stringify({ productId: PRODUCT, quantity: 1, idempotencyKey }) });
}

const checkOf = (proxy: { sandbox: { readiness(): { checks: { id: string; status: string; summary: string }[] } } }, id: string) =>
  proxy.sandbox.readiness().checks.find((check) => check.id === id)!;

it('lose-response on createOrder: the upstream places the order, the client gets no answer; a retry with the same key gets it back reused, and readiness passes retry-same-key', async () => {
  await using upstream = await startServer({ port: 0 });
  await using proxy = await startProxy({ port: 0, upstream: upstream.url });
  const queued = await fetch(`${proxy.origin}/__sandbox/faults`, { method: 'POST', headers, body: JSON.stringify({ route: 'createOrder', effect: 'lose-response' }) });
  expect(queued.status).toBe(200);

  await expect(createOrder(proxy.url, 'retry-key-0001')).rejects.toThrow();
  const placed = upstream.sandbox.journal();
  expect(placed).toMatchObject([{ route: 'createOrder', status: 200, reused: false }]);
  const lost = proxy.sandbox.journal().at(-1)!;
  // Journaled as injected, beside what the upstream answered.
  expect(lost).toMatchObject({ fault: 'lose-response', status: 200, orderId: placed[0]!.orderId, proxied: { forwarded: true, upstreamStatus: 200 } });

  const retry = await createOrder(proxy.url, 'retry-key-0001');
  expect(retry.status).toBe(200);
  expect((await retry.json()).data).toMatchObject({ purchaseOrderId: placed[0]!.orderId, reused: true });
  expect(upstream.sandbox.journal()).toHaveLength(2);
  expect(checkOf(proxy, 'retry-same-key').status).toBe('pass');
});

it('lose-response on createOrder, then a retry with a new key: the upstream places a second order, and readiness fails retry-same-key naming both', async () => {
  await using upstream = await startServer({ port: 0 });
  await using proxy = await startProxy({ port: 0, upstream: upstream.url });
  await proxy.sandbox.queueFault({ route: 'createOrder', effect: 'lose-response' });

  await expect(createOrder(proxy.url, 'first-key-0001')).rejects.toThrow();
  const retry = await createOrder(proxy.url, 'second-key-0002');
  expect(retry.status).toBe(200);
  const orders = upstream.sandbox.journal().map((entry) => entry.orderId);
  expect(new Set(orders).size).toBe(2);
  const check = checkOf(proxy, 'retry-same-key');
  expect(check.status).toBe('fail');
  expect(check.summary).toContain(`two orders, ${orders[0]} and ${orders[1]}`);
});

it.each([
  [{ effect: 'error', status: 503 }, 503, 'error'],
  [{ effect: 'rate-limit', retryAfterS: 2 }, 429, 'rate-limit'],
])('a one-off %j fault answers in front of the upstream, which never sees the request', async (fault, status, effect) => {
  await using upstream = await startServer({ port: 0 });
  await using proxy = await startProxy({ port: 0, upstream: upstream.url });
  await proxy.sandbox.queueFault({ route: 'getBalance', ...fault } as never);
  const response = await fetch(`${proxy.url}/getBalance`, { headers });
  expect(response.status).toBe(status);
  if (status === 429) expect(response.headers.get('retry-after')).toBe('2');
  expect(upstream.sandbox.journal()).toEqual([]);
  expect(proxy.sandbox.journal().at(-1)).toMatchObject({ fault: effect, status, proxied: { forwarded: false } });
  expect(proxy.summary().injectedFaults).toEqual({ [effect]: 1 });
});

it('a drop closes the connection without forwarding; a latency fault waits, then forwards', async () => {
  await using upstream = await startServer({ port: 0 });
  await using proxy = await startProxy({ port: 0, upstream: upstream.url });
  await proxy.sandbox.queueFault({ route: 'getBalance', effect: 'drop' });
  await expect(fetch(`${proxy.url}/getBalance`, { headers })).rejects.toThrow();
  expect(upstream.sandbox.journal()).toEqual([]);
  await proxy.sandbox.queueFault({ route: 'getBalance', effect: 'latency', latencyMs: 50 });
  expect((await fetch(`${proxy.url}/getBalance`, { headers })).status).toBe(200);
  expect(upstream.sandbox.journal().map((entry) => entry.route)).toEqual(['getBalance']);
  const [dropped, delayed] = proxy.sandbox.journal().filter((entry) => entry.route === 'getBalance');
  expect(dropped).toMatchObject({ fault: 'drop', status: 0, proxied: { forwarded: false } });
  expect(delayed).toMatchObject({ status: 200, proxied: { forwarded: true, upstreamStatus: 200 } });
  expect(delayed!.durationMs).toBeGreaterThanOrEqual(45);
});

it('seeded chaos strikes in front of the upstream: lose-response on every createOrder lets each order be placed upstream, and none answered', async () => {
  await using upstream = await startServer({ port: 0 });
  await using proxy = await startProxy({ port: 0, upstream: upstream.url, chaos: { rate: 1, seed: 7, effects: ['lose-response'], routes: ['createOrder'] } });
  await expect(createOrder(proxy.url, 'chaos-key-0001')).rejects.toThrow();
  await expect(createOrder(proxy.url, 'chaos-key-0001')).rejects.toThrow();
  expect((await fetch(`${proxy.url}/getBalance`, { headers })).status).toBe(200);
  expect(upstream.sandbox.journal().map((entry) => [entry.route, entry.status, entry.reused])).toEqual([
    ['createOrder', 200, false],
    ['createOrder', 200, true],
    ['getBalance', 200, undefined],
  ]);
  expect(proxy.sandbox.journal().map((entry) => entry.fault)).toEqual(['lose-response', 'lose-response', undefined]);
  expect(proxy.summary().injectedFaults).toEqual({ 'lose-response': 2 });
});
