import { expect, it } from 'vitest';
import { startServer } from 'esim-wholesale-sandbox/server';
import { startProxy } from '../../src/proxy/start-proxy.js';

const PRODUCT = 'efd8480e-2903-458b-8ce3-156f0418df70';

it("notes a request's hints as the sandbox does (header and journal), forwards it, and forwards only the headers the API reads", async () => {
  await using upstream = await startServer({ port: 0 });
  await using proxy = await startProxy({ port: 0, upstream: upstream.url });
  const response = await fetch(`${proxy.url}/createOrder`, {
    method: 'POST',
    headers: {
      'x-api-key': 'sk_test_full_access',
      'content-type': 'application/json',
      'idempotency-key': 'header-key-0001',
      cookie: 'session=abc',
      authorization: 'Bearer sk_test_full_access',
      connection: 'keep-alive',
    },
    body: JSON.stringify({ productId: PRODUCT, quantity: 1 }),
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('x-sandbox-hint')).toContain('idempotency-key-header');
  const entry = proxy.sandbox.journal()[0]!;
  expect(entry.hints!.map((hint) => hint.code)).toEqual(['idempotency-key-header']);
  expect(entry.proxied).toMatchObject({ forwarded: true, upstreamStatus: 200 });
  const sent = upstream.sandbox.journal({ bodies: true })[0]!.request!.headers;
  expect(upstream.sandbox.requestAsSent(1)!.headers).toContainEqual(['idempotency-key', 'header-key-0001']);
  expect(sent['cookie']).toBeUndefined();
  expect(sent['authorization']).toBeUndefined();
  expect(Object.keys(sent).filter((name) => !['host', 'connection', 'content-length', 'accept-encoding'].includes(name)).sort()).toEqual([
    'accept',
    'content-type',
    'idempotency-key',
    'x-api-key',
  ]);
});

it('a body past 1 MiB is answered 413 by the proxy itself, never forwarded, and noted as the input problem it is', async () => {
  await using upstream = await startServer({ port: 0 });
  await using proxy = await startProxy({ port: 0, upstream: upstream.url });
  const body = JSON.stringify({ productId: PRODUCT, quantity: 1, padding: 'x'.repeat(2 * 1024 * 1024) });
  const response = await fetch(`${proxy.url}/createOrder`, { method: 'POST', headers: { 'x-api-key': 'sk_test_full_access', 'content-type': 'application/json' }, body });
  expect(response.status).toBe(413);
  expect((await response.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
  expect(upstream.sandbox.journal()).toEqual([]);
  expect(proxy.sandbox.journal()[0]!.proxied).toMatchObject({ forwarded: false, inputProblems: [expect.stringContaining('larger than 1048576 bytes')] });
});
