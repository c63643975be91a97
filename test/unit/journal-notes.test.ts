import { describe, expect, it } from 'vitest';
import { createSandbox, type ScenarioFile } from 'esim-wholesale-sandbox';
import { startServer } from 'esim-wholesale-sandbox/server';

const FULL_ACCESS = 'sk_test_full_access';
const PRODUCT = 'efd8480e-2903-458b-8ce3-156f0418df70';

function request(path: string, init: { key?: string | null; body?: string; method?: string } = {}): Request {
  const { key = FULL_ACCESS, body, method = body === undefined ? 'GET' : 'POST' } = init;
  const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
  if (key !== null) headers['x-api-key'] = key;
  return new Request(`http://sandbox.test/api/v1${path}`, { method, headers, ...(body !== undefined && { body }) });
}

const orderBody = (fields: Record<string, unknown> = {}) => JSON.stringify({ productId: PRODUCT, quantity: 1, idempotencyKey: 'journal-key-0001', ...fields });

function withFaults(faults: unknown[], behavior: Record<string, unknown> = {}): ScenarioFile {
  return { name: 'journal-faults', description: 'faults for the journal', extends: 'default', faults, behavior } as ScenarioFile;
}

describe('the request journal', () => {
  it('numbers entries from 1 on through resets and switches; the requests of the run are those after the last one', async () => {
    const sandbox = createSandbox();
    await sandbox.fetch(request('/getBalance'));
    await sandbox.fetch(request('/getBalance'));
    expect(sandbox.journal().map((entry) => entry.seq)).toEqual([1, 2]);
    await sandbox.reset();
    await sandbox.fetch(request('/getBalance'));
    expect(sandbox.journal().map((entry) => entry.seq)).toEqual([4]);
    await sandbox.useScenario('low-balance');
    expect(sandbox.journal()).toEqual([]);
    const snapshot = await sandbox.snapshot();
    await sandbox.fetch(request('/getOrders?limit=1'));
    await sandbox.restore(snapshot);
    expect(sandbox.journal()).toEqual([]);
    expect(sandbox.history().map((entry) => ('marker' in entry ? entry.text : `${entry.seq} ${entry.url}`))).toEqual([
      '1 /api/v1/getBalance',
      '2 /api/v1/getBalance',
      'reset (scenario default)',
      '4 /api/v1/getBalance',
      'scenario → low-balance',
      '6 /api/v1/getOrders?limit=1',
      expect.stringMatching(/^snapshot restored \(scenario low-balance, clock 2026-/),
    ]);
  });

  it('clears the history as an action of its own, and numbers on from where it was', async () => {
    const sandbox = createSandbox();
    await sandbox.fetch(request('/getBalance'));
    await sandbox.reset();
    sandbox.clearHistory();
    expect(sandbox.history()).toEqual([]);
    expect(sandbox.journal()).toEqual([]);
    await sandbox.fetch(request('/getBalance'));
    expect(sandbox.history().map((entry) => entry.seq)).toEqual([3]);
  });

  it('keeps numbering on past its capacity, so an entry keeps its number', async () => {
    const sandbox = createSandbox({ journalSize: 3 });
    for (let i = 0; i < 5; i++) await sandbox.fetch(request('/getBalance'));
    expect(sandbox.journal().map((entry) => entry.seq)).toEqual([3, 4, 5]);
  });

  it('gives the history and the run a few rows at a time, by number, past its capacity and after a clear', async () => {
    const sandbox = createSandbox({ journalSize: 4 });
    for (let i = 0; i < 3; i++) await sandbox.fetch(request('/getBalance'));
    sandbox.clearHistory();
    await sandbox.fetch(request('/getBalance'));
    await sandbox.reset();
    for (let i = 0; i < 4; i++) await sandbox.fetch(request(`/getOrders?limit=${i + 1}`));
    // 1..3 cleared, 4 a request, 5 the reset, 6..9 the requests after it: 6..9 kept (4 rows at most).
    const rowOf = (entry: ReturnType<typeof sandbox.history>[number]) => ('marker' in entry ? `${entry.seq} ${entry.marker}` : `${entry.seq} ${entry.url}`);
    expect(sandbox.history().map(rowOf)).toEqual(['6 /api/v1/getOrders?limit=1', '7 /api/v1/getOrders?limit=2', '8 /api/v1/getOrders?limit=3', '9 /api/v1/getOrders?limit=4']);
    const oneByOne = [];
    for (let [row] = sandbox.history({ since: 0, limit: 1 }); row; [row] = sandbox.history({ since: row.seq, limit: 1 })) oneByOne.push(rowOf(row));
    expect(oneByOne).toEqual(sandbox.history().map(rowOf));
    expect(sandbox.history({ since: 7, limit: 1 }).map(rowOf)).toEqual(['8 /api/v1/getOrders?limit=3']);
    expect(sandbox.history({ since: 2, limit: 1 }).map(rowOf)).toEqual(['6 /api/v1/getOrders?limit=1']);
    expect(sandbox.journal({ since: 6.5, limit: 2 }).map((entry) => entry.seq)).toEqual([7, 8]);
    await sandbox.useScenario('low-balance');
    await sandbox.fetch(request('/getBalance'));
    expect(sandbox.history({ since: 8, limit: 2 }).map(rowOf)).toEqual(['9 /api/v1/getOrders?limit=4', '10 scenario']);
    expect(sandbox.journal({ limit: 1 }).map((entry) => entry.seq)).toEqual([11]);
    expect(sandbox.requestAsSent(10)).toBeUndefined();
    expect(sandbox.requestAsSent(11)).toMatchObject({ url: '/api/v1/getBalance' });
  });

  it('times each request by the wall clock it is given, when it arrives and when it is answered', async () => {
    let wall = Date.parse('2026-11-23T10:00:00.000Z');
    const sandbox = createSandbox({ scenario: withFaults([{ route: 'getBalance', effect: 'latency', latencyMs: 20 }]), wallClock: () => (wall += 7) });
    await sandbox.fetch(request('/getBalance'));
    await sandbox.fetch(request('/getBalance'));
    // The clock is read on arrival and again on answering: 7 ms apart here, whatever the fault's real latency.
    expect(sandbox.journal().map((entry) => entry.wallAt)).toEqual(['2026-11-23T10:00:00.007Z', '2026-11-23T10:00:00.021Z']);
    expect(sandbox.journal().map((entry) => entry.durationMs)).toEqual([7, 7]);
    expect(sandbox.journal()[0]!.at).toBe('2026-01-15T09:00:00.000Z');
  });

  it('tells keys apart whose masks look alike, and notes the route a path names', async () => {
    const sandbox = createSandbox();
    for (const key of ['sk_test_full_access__ses_0001', 'sk_test_read_only__ses_0001', 'sk_test_full_access__ses_0001', null]) {
      await sandbox.fetch(request('/getBalance', { key }));
    }
    await sandbox.fetch(request('/nope'));
    const entries = sandbox.journal();
    expect(entries.slice(0, 3).map((entry) => entry.apiKey)).toEqual(Array(3).fill('************0001'));
    expect(entries[0]!.keyId).toMatch(/^[0-9a-f]{8}$/);
    expect(entries[0]!.keyId).not.toBe(entries[1]!.keyId);
    expect(entries[2]!.keyId).toBe(entries[0]!.keyId);
    expect(entries[3]).toMatchObject({ apiKey: null, keyId: null, route: 'getBalance' });
    expect(entries[4]).not.toHaveProperty('route');
  });

  it('notes the error message of a refusal and the Retry-After of a 429', async () => {
    const sandbox = createSandbox({ scenario: withFaults([], { rateLimit: { requests: 1, perMs: 60_000 } }) });
    await sandbox.fetch(request('/getProducts?limit=0'));
    await sandbox.fetch(request('/getProducts'));
    expect(sandbox.journal()[0]).toMatchObject({ status: 400, errorCode: 'VALIDATION_ERROR', errorMessage: 'limit must be an integer from 1 to 200 (got "0")' });
    expect(sandbox.journal()[1]).toMatchObject({ status: 429, errorCode: 'RATE_LIMITED', retryAfterS: 60 });
    expect(sandbox.journal()[1]).not.toHaveProperty('fault');
  });

  it('notes the order a createOrder placed and the status getOrderStatus answered', async () => {
    const sandbox = createSandbox({ scenario: 'delayed-provisioning' });
    const created = await (await sandbox.fetch(request('/createOrder', { body: orderBody() }))).json();
    await sandbox.fetch(request(`/getOrderStatus?purchaseOrderId=${created.data.purchaseOrderId.toUpperCase()}`));
    expect(sandbox.journal()[0]).toMatchObject({ orderId: created.data.purchaseOrderId, orderRequest: { productId: PRODUCT, quantity: 1, idempotencyKey: 'journal-key-0001' } });
    expect(sandbox.journal()[1]).toMatchObject({ orderId: created.data.purchaseOrderId, orderStatus: 'processing' });
  });

  it('notes the fields of a createOrder body whoever read it: refused before reading, dropped, answered 503, invalid', async () => {
    const sandbox = createSandbox({
      scenario: withFaults([
        { route: 'createOrder', effect: 'drop', calls: [2] },
        { route: 'createOrder', effect: 'error', calls: [3] },
      ]),
    });
    await sandbox.fetch(request('/createOrder', { key: 'sk_test_revoked', body: orderBody() }));
    await sandbox.fetch(request('/createOrder', { body: orderBody() }));
    await sandbox.fetch(request('/createOrder', { body: orderBody() }));
    await sandbox.fetch(request('/createOrder', { body: orderBody({ quantity: '2', idempotencyKey: 7, extra: true }) }));
    await sandbox.fetch(request('/createOrder', { body: '[1]' }));
    await sandbox.fetch(request('/createOrder', { body: orderBody({ padding: 'x'.repeat(20_000) }) }));
    const noted = sandbox.journal().map(({ status, fault, orderRequest }) => ({ status, fault, orderRequest }));
    const fields = { productId: PRODUCT, quantity: 1, idempotencyKey: 'journal-key-0001' };
    expect(noted).toEqual([
      { status: 401, fault: undefined, orderRequest: fields },
      { status: 0, fault: 'drop', orderRequest: fields },
      { status: 503, fault: 'error', orderRequest: fields },
      { status: 400, fault: undefined, orderRequest: { productId: PRODUCT } },
      { status: 400, fault: undefined, orderRequest: undefined },
      { status: 400, fault: undefined, orderRequest: undefined },
    ]);
  });

  it('notes the body of a createOrder over HTTP when a fault or a refusal comes first, and the answers stay the same', async () => {
    const server = await startServer({ port: 0, scenario: withFaults([{ route: 'createOrder', effect: 'drop', calls: [1] }]) });
    try {
      const send = (key: string) =>
        fetch(`${server.url}/createOrder`, { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: orderBody() });
      await expect(send(FULL_ACCESS)).rejects.toThrow(TypeError);
      expect((await send('sk_test_revoked')).status).toBe(401);
      expect((await send(FULL_ACCESS)).status).toBe(200);
      expect(server.sandbox.journal().map((entry) => entry.orderRequest?.idempotencyKey)).toEqual(Array(3).fill('journal-key-0001'));
    } finally {
      await server.close();
    }
  });
});
