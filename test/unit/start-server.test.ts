import { Agent, request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../src/server/index.js';

const FULL_ACCESS = { 'x-api-key': 'sk_test_full_access' };
let server: RunningServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('startServer', () => {
  it('serves the API under /api/v1 on a free port', async () => {
    server = await startServer({ port: 0, seed: 7 });
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/api/v1`);
    expect(server.origin).toBe(`http://127.0.0.1:${server.port}`);
    const response = await fetch(`${server.url}/getBalance`, { headers: FULL_ACCESS });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-powered-by')).toBeNull();
    expect(await response.json()).toMatchObject({ success: true, data: { balanceThb: expect.any(Number) } });
  });

  it('answers the same bytes as the in-process sandbox', async () => {
    server = await startServer({ port: 0, seed: 7 });
    const overHttp = await fetch(`${server.url}/getProducts?limit=3`, { headers: FULL_ACCESS });
    await server.sandbox.reset();
    const inProcess = await server.sandbox.fetch(new Request(`${server.url}/getProducts?limit=3`, { headers: FULL_ACCESS }));
    expect(await overHttp.text()).toBe(await inProcess.text());
  });

  it('leaves unknown routes to the core, which answers its 404 envelope', async () => {
    server = await startServer({ port: 0 });
    const response = await fetch(`${server.origin}/api/v1/getNothing`, { headers: FULL_ACCESS });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
  });

  it('serves the admin API at /__sandbox, acting on the same sandbox', async () => {
    server = await startServer({ port: 0 });
    const before = await (await fetch(`${server.url}/getBalance`, { headers: FULL_ACCESS })).json();
    const topup = await fetch(`${server.origin}/__sandbox/topups`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ apiKey: 'sk_test_full_access', amountThb: 1000 }),
    });
    expect(topup.status).toBe(200);
    const after = await (await fetch(`${server.url}/getBalance`, { headers: FULL_ACCESS })).json();
    expect(after.data.balanceThb).toBe(before.data.balanceThb + 1000);
  });

  it('answers an oversized body with the core 413 envelope rather than a reset connection', async () => {
    server = await startServer({ port: 0 });
    const response = await fetch(`${server.url}/createOrder`, {
      method: 'POST',
      headers: { ...FULL_ACCESS, 'content-type': 'application/json' },
      body: JSON.stringify({ padding: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ success: false, error: { code: 'PAYLOAD_TOO_LARGE' } });
  });

  it('closes keep-alive connections on close()', async () => {
    server = await startServer({ port: 0 });
    const agent = new Agent({ keepAlive: true });
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const sent = httpRequest(`${server!.origin}/__sandbox/health`, { agent }, (response) => {
        response.resume().on('end', () => resolve(response.statusCode));
      });
      sent.on('error', reject).end();
    });
    expect(status).toBe(200);
    await server.close();
    await expect(fetch(`${server.origin}/__sandbox/health`)).rejects.toThrow();
    agent.destroy();
  });

  it('refuses a host that is not an address of this machine with a clear message', async () => {
    await expect(startServer({ port: 0, host: '203.0.113.7' })).rejects.toThrow(
      'cannot listen on host "203.0.113.7": it is not an address of this machine',
    );
  });

  it('refuses a port outside 0..65535', async () => {
    await expect(startServer({ port: 70_000 })).rejects.toThrow('port must be an integer from 0 to 65535 (got 70000)');
  });

  it('refuses an invalid scenario before listening', async () => {
    await expect(startServer({ port: 0, scenario: 'no-such-scenario' })).rejects.toThrow('no built-in scenario "no-such-scenario"');
  });
});
