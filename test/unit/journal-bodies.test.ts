import { describe, expect, it } from 'vitest';
import { createSandbox, type ScenarioFile } from 'esim-wholesale-sandbox';
import { startServer } from 'esim-wholesale-sandbox/server';

const FULL_ACCESS = 'sk_test_full_access';
const PRODUCT = 'efd8480e-2903-458b-8ce3-156f0418df70';

function request(path: string, init: { body?: string; headers?: Record<string, string> } = {}): Request {
  const { body, headers = {} } = init;
  return new Request(`http://sandbox.test/api/v1${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'x-api-key': FULL_ACCESS, ...(body !== undefined && { 'content-type': 'application/json' }), ...headers },
    ...(body !== undefined && { body }),
  });
}

function withFaults(faults: unknown[]): ScenarioFile {
  return { name: 'journal-bodies', description: 'faults for the journal', extends: 'default', faults } as ScenarioFile;
}

describe('the journal with bodies', () => {
  it('keeps each request with its headers (key masked) and JSON body, and the answer with its body', async () => {
    const sandbox = createSandbox();
    const body = JSON.stringify({ productId: PRODUCT, quantity: 1 });
    const answered = await (await sandbox.fetch(request('/createOrder', { body, headers: { authorization: 'Bearer secret-token-1234' } }))).json();
    const [entry] = sandbox.journal();
    expect(entry!.request!.headers).toMatchObject({ 'x-api-key': '************cess', authorization: 'Bearer ************1234', 'content-type': 'application/json' });
    expect(JSON.stringify(entry!.request)).not.toContain('full_access');
    expect(entry!.request!.body).toEqual({ productId: PRODUCT, quantity: 1 });
    expect(entry!.response!.body).toEqual(answered);
    expect(entry!.response!.headers['content-type']).toContain('application/json');
    expect(entry!.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('shortens QR images and keeps at most 64 KiB of a body, marked truncated', async () => {
    const sandbox = createSandbox();
    await sandbox.fetch(request('/createOrder', { body: JSON.stringify({ productId: PRODUCT, quantity: 3, includeQrImages: true }) }));
    const order = sandbox.journal()[0]!.response!.body as { data: { items: Array<{ qrBase64Url: string }> } };
    const qr = order.data.items[0]!.qrBase64Url;
    expect(qr).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]{16}…\(\d+ characters\)$/);

    await sandbox.fetch(request('/createOrder', { body: JSON.stringify({ productId: PRODUCT, quantity: 1, note: 'é'.repeat(100_000) }) }));
    const cut = sandbox.journal()[1]!.request!;
    expect(cut.truncated).toBe(true);
    expect(cut.body).toBeUndefined();
    expect(Buffer.byteLength(cut.bodyText!)).toBeLessThanOrEqual(64 * 1024);
    expect(cut.bodyText!.startsWith('{"productId"')).toBe(true);
  });

  it('keeps the answer a fault lost, and none for a dropped connection', async () => {
    const sandbox = createSandbox({
      scenario: withFaults([
        { route: 'getBalance', effect: 'lose-response', calls: [1] },
        { route: 'getBalance', effect: 'drop', calls: [2] },
      ]),
    });
    await sandbox.fetch(request('/getBalance')).catch(() => undefined);
    await sandbox.fetch(request('/getBalance')).catch(() => undefined);
    const [lost, dropped] = sandbox.journal();
    expect(lost).toMatchObject({ fault: 'lose-response', status: 200, response: { body: { success: true } } });
    expect(dropped).toMatchObject({ fault: 'drop', status: 0 });
    expect(dropped!.response).toBeUndefined();
  });

  it('times a request by the injected wall clock, from arrival to answer', async () => {
    let wall = 1_000;
    const sandbox = createSandbox({ wallClock: () => (wall += 2.5) });
    await sandbox.fetch(request('/getBalance'));
    expect(sandbox.journal()[0]!.durationMs).toBe(2.5);
  });

  it('answers GET /__sandbox/requests with ?since= and ?include=bodies, and refuses other values', async () => {
    const server = await startServer({ port: 0 });
    try {
      for (let i = 0; i < 3; i++) await (await fetch(`${server.url}/getOrders?limit=${i + 1}`, { headers: { 'x-api-key': FULL_ACCESS } })).arrayBuffer();
      const get = async (query: string) => (await fetch(`${server.origin}/__sandbox/requests${query}`)).json();
      const light = await get('?since=1');
      expect(light.data.map((entry: { seq: number }) => entry.seq)).toEqual([2, 3]);
      expect(light.data[0].request).toBeUndefined();
      const full = await get('?since=2&include=bodies');
      expect(full.data).toHaveLength(1);
      expect(full.data[0]).toMatchObject({ seq: 3, url: '/api/v1/getOrders?limit=3', request: { headers: { 'x-api-key': '************cess' } } });
      expect(full.data[0].response.body.data).toHaveLength(3);
      expect(server.sandbox.journal({ since: 2 })).toEqual(full.data);
      const bad = await fetch(`${server.origin}/__sandbox/requests?since=x&include=all`);
      expect(bad.status).toBe(400);
      expect((await bad.json()).error.message).toMatch(/since/);
    } finally {
      await server.close();
    }
  });
});
