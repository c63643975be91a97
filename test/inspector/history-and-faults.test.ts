import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from 'esim-wholesale-sandbox/server';

const run = promisify(execFile);
const FULL_ACCESS = 'sk_test_full_access';
const PRODUCT = 'efd8480e-2903-458b-8ce3-156f0418df70';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ port: 0, scenario: 'default', seed: 3 });
});
afterAll(() => server.close());
beforeEach(async () => {
  await admin('POST', '/scenario', { name: 'default' });
  await admin('DELETE', '/requests');
});

async function admin(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${server.origin}/__sandbox${path}`, {
    method,
    headers: method === 'GET' ? {} : { 'content-type': 'application/json' },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: await response.json() };
}

async function api(route: string, body?: unknown) {
  const response = await fetch(`${server.url}${route}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'x-api-key': FULL_ACCESS, ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return { status: response.status, text: await response.text(), retryAfter: response.headers.get('retry-after') };
}

const history = async () => (await admin('GET', '/requests')).body.data as Array<Record<string, any>>;
const rowsOf = (entries: Array<Record<string, any>>) => entries.map((entry) => entry.text ?? `${entry.method} ${entry.url} ${entry.status}`);

describe('the history over the admin API', () => {
  it('keeps the requests through a scenario switch and a reset, as marker rows; the readiness report grades from the last', async () => {
    await api('/getBalance');
    await api('/getOrders?limit=0');
    await admin('POST', '/scenario', { name: 'readiness-drill' });
    await api('/getBalance');
    await admin('POST', '/reset');
    await api('/getProducts?limit=1');
    expect(rowsOf(await history())).toEqual([
      'GET /api/v1/getBalance 200',
      'GET /api/v1/getOrders?limit=0 400',
      'scenario → readiness-drill',
      'GET /api/v1/getBalance 200',
      'reset (scenario readiness-drill)',
      'GET /api/v1/getProducts?limit=1 200',
    ]);
    // The 400 came before the switch: valid-requests does not hold it against this run.
    const readiness = (await admin('GET', '/readiness')).body.data;
    expect(readiness.checks.find((check: { id: string }) => check.id === 'valid-requests').status).toBe('pass');
  });

  it('clears the history only when asked, and numbers on', async () => {
    await api('/getBalance');
    const { seq } = (await history())[0]!;
    expect((await admin('DELETE', '/requests')).body.data).toEqual({ cleared: true });
    expect(await history()).toEqual([]);
    await api('/getBalance');
    expect((await history()).map((entry) => entry.seq)).toEqual([seq + 1]);
  });
});

describe('one-off faults', () => {
  it('queues a fault for the next call of a route: journaled, listed until used, then gone', async () => {
    const queued = await admin('POST', '/faults', { route: 'getBalance', effect: 'error', status: 500 });
    expect(queued.status).toBe(200);
    expect(queued.body.data).toMatchObject({ route: 'getBalance', effect: 'error', status: 500, description: 'error 500' });
    const id = queued.body.data.id;
    expect((await admin('GET', '/faults')).body.data.map((fault: { id: number }) => fault.id)).toEqual([id]);
    expect(await api('/getProducts?limit=1')).toMatchObject({ status: 200 });
    expect(await api('/getBalance')).toMatchObject({ status: 500 });
    expect(await api('/getBalance')).toMatchObject({ status: 200 });
    expect((await admin('GET', '/faults')).body.data).toEqual([]);
    const rows = await history();
    expect(rows[0]).toMatchObject({ seq: id, marker: 'fault', text: 'fault queued: the next call of getBalance → error 500' });
    expect(rows.find((entry) => entry.url === '/api/v1/getBalance')).toMatchObject({ status: 500, errorCode: 'INTERNAL_ERROR', fault: 'error', queuedFault: id });
  });

  it('queues lose-response, latency and rate-limit; a route by its path is read as its name', async () => {
    const byPath = await admin('POST', '/faults', { route: '/createOrder', effect: 'lose-response' });
    expect(byPath.body.data).toMatchObject({ route: 'createOrder', effect: 'lose-response' });
    const lost = await fetch(`${server.url}/createOrder`, {
      method: 'POST',
      headers: { 'x-api-key': FULL_ACCESS, 'content-type': 'application/json' },
      body: JSON.stringify({ productId: PRODUCT, quantity: 1, idempotencyKey: 'one-off-0001' }),
    }).catch((error: Error) => error);
    expect(lost).toBeInstanceOf(Error);
    await admin('POST', '/faults', { route: 'getOrders', effect: 'latency', latencyMs: 120 });
    expect((await api('/getOrders?limit=1')).status).toBe(200);
    await admin('POST', '/faults', { route: '*', effect: 'rate-limit', retryAfterS: 7 });
    expect(await api('/getBalance')).toMatchObject({ status: 429, retryAfter: '7' });
    const entries = (await history()).filter((entry) => entry.method);
    expect(entries.map((entry) => [entry.url.split('?')[0], entry.status, entry.fault ?? null])).toEqual([
      ['/api/v1/createOrder', 200, 'lose-response'],
      ['/api/v1/getOrders', 200, null],
      ['/api/v1/getBalance', 429, 'rate-limit'],
    ]);
    expect(entries.map((entry) => entry.route)).toEqual(['createOrder', 'getOrders', 'getBalance']);
    expect((await history()).find((entry) => entry.seq === byPath.body.data.id)).toMatchObject({ text: 'fault queued: the next call of createOrder → lose-response' });
    expect(entries[1]!.durationMs).toBeGreaterThanOrEqual(120);
    expect(entries.every((entry) => typeof entry.queuedFault === 'number')).toBe(true);
  });

  it('refuses a fault it cannot queue, saying what it takes, and changes nothing', async () => {
    const refusals = [
      [{ route: 'getBalance', effect: 'explode' }, /effect/],
      [{ route: '/nowhere', effect: 'drop' }, /route: expected a call of the API: getBalance, .* \(or its path, \/createOrder\), or "\*" for any call, got "\/nowhere"/],
      [{ route: 'getBalance', effect: 'latency' }, /latencyMs/],
      [{ route: 'getBalance', effect: 'error', status: 502 }, /status: expected 500 or 503/],
      [{ route: 'getBalance', effect: 'drop', extra: 1 }, /extra/],
    ] as const;
    for (const [body, message] of refusals) {
      const refused = await admin('POST', '/faults', body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.error.message).toMatch(message);
    }
    expect(await history()).toEqual([]);
    expect((await admin('GET', '/faults')).body.data).toEqual([]);
  });

  it('queues at most 50 at once, and takes one back on DELETE', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 50; i++) ids.push((await admin('POST', '/faults', { route: 'getPaymentHistory', effect: 'drop' })).body.data.id);
    const refused = await admin('POST', '/faults', { route: 'getPaymentHistory', effect: 'drop' });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toMatch(/^50 one-off faults are waiting, the most a sandbox queues \(50\)/);
    expect(await history()).toHaveLength(50);
    expect((await admin('DELETE', `/faults/${ids[0]}`)).body.data).toEqual({ id: ids[0], deleted: true });
    expect((await admin('DELETE', `/faults/${ids[0]}`)).status).toBe(404);
    expect((await admin('GET', '/faults')).body.data).toHaveLength(49);
    await admin('POST', '/reset');
    expect((await admin('GET', '/faults')).body.data).toEqual([]);
  });
});

describe('a request again: replay and copy as curl', () => {
  const order = { productId: PRODUCT, quantity: 1, idempotencyKey: 'replay-0001' };

  it('replays a request as it was sent, key and body included, marked as a replay', async () => {
    expect((await api('/createOrder', order)).status).toBe(200);
    const [original] = await history();
    const replayed = await admin('POST', `/requests/${original!.seq}/replay`);
    expect(replayed.status).toBe(200);
    expect(replayed.body.data).toMatchObject({ replayOf: original!.seq, status: 200, reused: true, orderId: original!.orderId, apiKey: '************cess' });
    expect(original).toMatchObject({ reused: false });
    expect((await history()).at(-1)).toMatchObject({ seq: replayed.body.data.seq, replayOf: original!.seq });
  });

  it('answers a curl command that, run with the key in $ESIM_API_KEY, gets the same answer', async () => {
    const first = await api('/createOrder', order);
    const [entry] = await history();
    const curl = (await admin('GET', `/requests/${entry!.seq}/curl`)).body.data;
    expect(curl.variables).toEqual(['ESIM_API_KEY']);
    expect(curl.command).toContain('"x-api-key: $ESIM_API_KEY"');
    expect(curl.command).not.toContain(FULL_ACCESS);
    const { stdout } = await run('sh', ['-c', curl.command], { env: { ...process.env, ESIM_API_KEY: FULL_ACCESS } });
    expect(JSON.parse(stdout)).toEqual({ ...JSON.parse(first.text), data: { ...JSON.parse(first.text).data, reused: true } });
    const withKey = (await admin('GET', `/requests/${entry!.seq}/curl?key=include`)).body.data;
    expect(withKey.command).toContain(`'x-api-key: ${FULL_ACCESS}'`);
    expect(withKey.variables).toEqual([]);
  });

  it('quotes what the shell would read otherwise', async () => {
    const response = await fetch(`${server.url}/createOrder`, {
      method: 'POST',
      headers: { 'x-api-key': FULL_ACCESS, 'content-type': 'application/json' },
      body: JSON.stringify({ productId: PRODUCT, quantity: 1, idempotencyKey: "it's $(touch /tmp/nope) `x`" }),
    });
    await response.arrayBuffer();
    const [entry] = await history();
    const curl = (await admin('GET', `/requests/${entry!.seq}/curl`)).body.data;
    const { stdout } = await run('sh', ['-c', curl.command.replace('curl -sS', 'printf %s')], { env: { ...process.env, ESIM_API_KEY: 'k' } });
    expect(stdout).toContain(`"idempotencyKey":"it's $(touch /tmp/nope) \`x\`"`);
  });

  it('refuses a seq it has no request for, saying why', async () => {
    await admin('POST', '/reset');
    const [marker] = await history();
    for (const path of [`/requests/${marker!.seq}/curl`, '/requests/999999/curl']) {
      const refused = await admin('GET', path);
      expect(refused.status).toBe(404);
      expect(refused.body.error.message).toMatch(/keeps them for its latest requests only/);
    }
    expect((await admin('POST', '/requests/abc/replay')).status).toBe(400);
    expect((await admin('GET', '/requests/1/curl?key=all')).status).toBe(400);
  });
});

describe('one-off faults in process', () => {
  it('checks the fault a caller queues as the admin API does, and queues nothing when refused', async () => {
    const { createSandbox } = await import('esim-wholesale-sandbox');
    const sandbox = createSandbox();
    // @ts-expect-error -- not an effect
    await expect(sandbox.queueFault({ route: 'getBalance', effect: 'explode' })).rejects.toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringMatching(/effect/) });
    expect(sandbox.history()).toEqual([]);
    // The call's path is read as its name, which is how the fault is listed.
    const fault = await sandbox.queueFault({ route: '/getBalance', effect: 'rate-limit', retryAfterS: 3 });
    expect(fault.route).toBe('getBalance');
    expect(await sandbox.queuedFaults()).toEqual([fault]);
    const answer = await sandbox.fetch(new Request('http://x/api/v1/getBalance', { headers: { 'x-api-key': FULL_ACCESS } }));
    expect([answer.status, answer.headers.get('retry-after')]).toEqual([429, '3']);
    expect(sandbox.journal().at(-1)).toMatchObject({ fault: 'rate-limit', queuedFault: fault.id });
  });
});

describe('one number for one request', () => {
  it('is the same in the journal, the matcher, readiness evidence, copy as curl and replay', async () => {
    await import('esim-wholesale-sandbox/vitest');
    // An order without idempotencyKey: readiness cites it as evidence of idempotency-key-sent.
    expect((await api('/createOrder', { productId: PRODUCT, quantity: 1 })).status).toBe(200);
    const [entry] = await history();
    const seq = entry!.seq as number;
    expect(entry).toMatchObject({ route: 'createOrder' });
    let message = '';
    try {
      expect(server.sandbox).toHaveReceived('createOrder', { times: 2 });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain(`\n#${seq} `);
    const readiness = await server.sandbox.readiness();
    const check = readiness.checks.find((each) => each.id === 'idempotency-key-sent')!;
    expect(check.evidence.map((each) => each.seq)).toEqual([seq]);
    const curl = (await admin('GET', `/requests/${seq}/curl`)).body.data;
    expect(curl.command.split('\n')[0]).toBe(`# request #${seq}: POST /api/v1/createOrder`);
    const replayed = await admin('POST', `/requests/${seq}/replay`);
    expect(replayed.body.data).toMatchObject({ replayOf: seq, route: 'createOrder' });
  });
});
