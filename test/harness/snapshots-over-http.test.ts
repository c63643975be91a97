import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from 'esim-wholesale-sandbox/server';
import { runGoldenScript } from '../golden/golden-script.js';

describe('snapshots over HTTP: POST /__sandbox/snapshots, POST /__sandbox/snapshots/<id>/restore', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  const admin = (path: string, method = 'POST', body?: unknown) =>
    fetch(`${server.origin}/__sandbox${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    }).then(async (res) => ({ status: res.status, body: (await res.json()) as { data?: any; error?: { code: string; message: string } } }));
  const runScript = () =>
    runGoldenScript(({ method, path, headers, body }) => fetch(`${server.url}${path}`, { method, headers, ...(body !== undefined && { body }) }));

  beforeAll(async () => {
    server = await startServer({ port: 0, scenario: 'default', seed: 1 });
  });
  afterAll(() => server.close());

  it('answers after a restore byte for byte what followed the snapshot', async () => {
    await runScript();
    const taken = await admin('/snapshots');
    expect(taken).toEqual({ status: 200, body: { success: true, data: { id: 'snap_0001', scenario: 'default', at: expect.any(String) } } });
    const after = await runScript();
    const restored = await admin('/snapshots/snap_0001/restore');
    expect(restored.body.data).toEqual({ id: 'snap_0001', scenario: 'default', now: taken.body.data.at });
    expect(await runScript()).toBe(after);
    expect((await admin('/snapshots', 'GET')).body.data).toEqual([taken.body.data]);
  });

  it('keeps snapshots per session, restoring only that session', async () => {
    const session = (await admin('/sessions', 'POST', { scenario: 'low-balance' })).body.data as { id: string; apiKeys: Record<string, string> };
    const headers = { 'x-api-key': session.apiKeys['sk_test_full_access']!, 'content-type': 'application/json' };
    const order = (idempotencyKey: string) =>
      fetch(`${server.url}/createOrder`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ productId: 'efd8480e-2903-458b-8ce3-156f0418df70', quantity: 1, idempotencyKey }),
      }).then((res) => res.text());
    const taken = await admin(`/sessions/${session.id}/snapshots`);
    expect(taken.body.data).toMatchObject({ id: 'snap_0001', scenario: 'low-balance' });
    const first = await order('session-order-0001');
    await admin(`/sessions/${session.id}/snapshots/snap_0001/restore`);
    expect(await order('session-order-0001')).toBe(first);
    expect((await admin(`/sessions/${session.id}/snapshots`, 'GET')).body.data).toHaveLength(1);
  });

  it('says which snapshots exist when asked for another, and refuses a body with fields', async () => {
    const missing = await admin('/snapshots/snap_9999/restore');
    expect(missing.status).toBe(404);
    expect(missing.body.error?.message).toBe(
      'No snapshot "snap_9999": it was never taken of this sandbox, or was deleted. GET /__sandbox/snapshots lists them.',
    );
    const withFields = await admin('/snapshots', 'POST', { name: 'before-orders' });
    expect(withFields.status).toBe(400);
    expect(withFields.body.error?.code).toBe('VALIDATION_ERROR');
    const id = (await admin('/snapshots')).body.data.id as string;
    expect((await admin(`/snapshots/${id}`, 'DELETE')).body.data).toEqual({ id, deleted: true });
    expect((await admin(`/snapshots/${id}/restore`)).status).toBe(404);
  });
});
