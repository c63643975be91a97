import { expect, it } from 'vitest';
import { startServer } from 'esim-wholesale-sandbox/server';
import { startProxy } from '../../src/proxy/start-proxy.js';

const json = { 'content-type': 'application/json' };

it.each([
  ['POST', '/scenario', { name: 'empty-inventory' }],
  ['POST', '/clock', { advanceMs: 1000 }],
  ['POST', '/topups', { apiKey: 'sk_test_full_access', amountThb: 100 }],
  ['GET', '/sessions', undefined],
  ['POST', '/sessions', { scenario: 'default' }],
  ['DELETE', '/sessions/ses_0001', undefined],
  ['GET', '/sessions/ses_0001/requests', undefined],
  ['POST', '/snapshots', {}],
  ['POST', '/snapshots/snap_1/restore', {}],
  ['GET', '/state', undefined],
  ['GET', '/state?format=scenario', undefined],
  ['POST', '/requests/1/replay', {}],
])('in proxy mode, %s /__sandbox%s answers 409 PROXY_MODE naming the upstream, and changes nothing', async (method, path, body) => {
  await using upstream = await startServer({ port: 0 });
  await using proxy = await startProxy({ port: 0, upstream: upstream.url });
  const before = await upstream.sandbox.state();
  const response = await fetch(`${proxy.origin}/__sandbox${path}`, { method, headers: json, ...(body !== undefined && { body: JSON.stringify(body) }) });
  expect(response.status).toBe(409);
  const { error } = await response.json();
  expect(error.code).toBe('PROXY_MODE');
  expect(error.message).toContain(`this server is a proxy to ${upstream.url}`);
  expect(proxy.host.sessions()).toEqual([]);
  expect(await upstream.sandbox.state()).toEqual(before);
  expect(upstream.sandbox.journal()).toEqual([]);
});

it('in proxy mode a curl copy never carries the real key: key=include answers 409, the default makes it a variable', async () => {
  await using upstream = await startServer({ port: 0 });
  await using proxy = await startProxy({ port: 0, upstream: upstream.url, adminToken: 'admin-secret-0001' });
  const admin = { authorization: 'Bearer admin-secret-0001' };
  expect((await fetch(`${proxy.url}/getBalance`, { headers: { 'x-api-key': 'sk_test_full_access' } })).status).toBe(200);
  expect((await fetch(`${proxy.origin}/__sandbox/proxy`)).status).toBe(401);
  const included = await fetch(`${proxy.origin}/__sandbox/requests/1/curl?key=include`, { headers: admin });
  expect(included.status).toBe(409);
  expect(await included.text()).not.toContain('sk_test_full_access');
  const copied = await (await fetch(`${proxy.origin}/__sandbox/requests/1/curl`, { headers: admin })).json();
  expect(copied.data.command).toContain('$ESIM_API_KEY');
  expect(copied.data.command).not.toContain('sk_test_full_access');
});

it('in proxy mode the journal, readiness, faults, health and the summary still answer', async () => {
  await using upstream = await startServer({ port: 0 });
  await using proxy = await startProxy({ port: 0, upstream: upstream.url });
  for (const path of ['/health', '/requests', '/readiness', '/faults', '/proxy']) {
    expect((await fetch(`${proxy.origin}/__sandbox${path}`)).status, path).toBe(200);
  }
  const summary = await (await fetch(`${proxy.origin}/__sandbox/proxy`)).json();
  expect(summary).toEqual({
    success: true,
    data: { upstream: upstream.url, exchanges: 0, forwarded: 0, withInputProblems: 0, injectedFaults: {}, breaks: { total: 0, byKind: {} } },
  });
  expect((await fetch(`${proxy.origin}/__sandbox/proxy`, { method: 'POST', headers: json, body: '{}' })).status).toBe(405);
});

it('a server that is no proxy has no summary route', async () => {
  await using server = await startServer({ port: 0 });
  expect((await fetch(`${server.origin}/__sandbox/proxy`)).status).toBe(404);
});
