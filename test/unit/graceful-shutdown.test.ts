import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, Agent, type IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Pool } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnNode } from '../../bench/lib/processes.ts';
import { BIN, SANDBOX_READY } from '../../bench/sections/paths.ts';
import { startServer, type RunningServer } from 'esim-wholesale-sandbox/server';
import type { ScenarioFile } from '../../src/scenarios/scenario-schema.js';
import type { Envelope, SuccessData } from '../support/json.js';

const KEY = 'sk_test_full_access';
const ORDERS = 50;
const satang = (thb: number) => Math.round(thb * 100);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Default, with createOrder slowed down so that requests are truly in flight when the stop begins, and
 * the second getBalance and first getOrders slower still, so that they read the state after every order.
 */
const slowOrders: ScenarioFile = {
  name: 'slow-orders',
  description: 'Default; createOrder takes 1 s, the second getBalance and the first getOrders 2 s.',
  extends: 'default',
  faults: [
    { route: 'createOrder', effect: 'latency', latencyMs: 1_000 },
    { route: 'getBalance', effect: 'latency', latencyMs: 2_000, calls: [2] },
    { route: 'getOrders', effect: 'latency', latencyMs: 2_000, calls: [1] },
  ],
} as ScenarioFile;

async function json<Path extends string>(pool: Pool, method: 'GET' | 'POST', path: Path, body?: unknown) {
  const response = await pool.request({
    method,
    path: `/api/v1${path}`,
    headers: { 'x-api-key': KEY, ...(body !== undefined && { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    // The orders carry idempotency keys: safe to pipeline, several on each connection (undici pipelines
    // only requests it may retry, and that do not block the connection until their answer).
    idempotent: true,
    blocking: false,
  });
  const answer = (await response.body.json()) as Envelope<SuccessData<Path>>;
  return { status: response.statusCode, connection: response.headers.connection, body: answer };
}

describe('esim-sandbox serve stops gracefully', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  async function serveSlowOrders() {
    dir = mkdtempSync(path.join(tmpdir(), 'graceful-'));
    const file = path.join(dir, 'slow-orders.json');
    writeFileSync(file, JSON.stringify(slowOrders));
    const served = await spawnNode([BIN, 'serve', '--port', '0', '--scenario', file], SANDBOX_READY);
    let output = '';
    served.child.stdout!.setEncoding('utf8').on('data', (text: string) => (output += text));
    return { ...served, origin: new URL(served.url).origin, output: () => output };
  }

  it(`SIGTERM with ${ORDERS} createOrder requests in flight: every one is answered, the ledger adds up, and it exits 0`, async () => {
    const served = await serveSlowOrders();
    const orders = new Pool(served.origin, { connections: 10, pipelining: 5 });
    const readers = new Pool(served.origin, { connections: 2 });
    try {
      const before = (await json(readers, 'GET', '/getBalance')).body.data!;
      const products = (await json(readers, 'GET', '/getProducts?limit=200')).body.data!;

      const answers = Promise.all(
        Array.from({ length: ORDERS }, (_, i) =>
          json(orders, 'POST', '/createOrder', { productId: products[0]!.id, quantity: 1, idempotencyKey: `graceful-${i}` }),
        ),
      );
      const balance = json(readers, 'GET', '/getBalance');
      const list = json(readers, 'GET', '/getOrders?limit=200');
      await sleep(400); // every request has reached the server and waits out its latency

      const signalledAt = performance.now();
      served.child.kill('SIGTERM');
      const [code] = (await once(served.child, 'exit')) as [number | null];
      const exitMs = performance.now() - signalledAt;

      expect(code).toBe(0);
      expect(served.output()).toContain('Sandbox stopped.');
      // The slowest request in flight (2 s of latency, 1.6 s left at the signal) sets the time to exit.
      expect(exitMs).toBeLessThan(5_000);

      const created = await answers;
      expect(created.map((answer) => answer.status)).toEqual(Array(ORDERS).fill(200));
      const ids = new Set(created.map((answer) => answer.body.data!.purchaseOrderId));
      expect(ids.size).toBe(ORDERS);
      const charged = created.reduce((total, answer) => total + satang(answer.body.data!.totalPriceThb!), 0);

      // Balance = topups − purchases, and the purchases grew by exactly the 50 orders' totals: one charge each.
      const after = (await balance).body.data!;
      expect(satang(after.balanceThb)).toBe(satang(after.totalTopupsThb) - satang(after.totalPurchasesThb));
      expect(after.totalTopupsThb).toBe(before.totalTopupsThb);
      expect(satang(after.totalPurchasesThb) - satang(before.totalPurchasesThb)).toBe(charged);
      const listed = (await list).body.data!.filter((order) => ids.has(order.id));
      expect(listed).toHaveLength(ORDERS);
    } finally {
      await Promise.all([orders.destroy(), readers.destroy()]);
      await served.stop();
    }
  });

  it('SIGTERM with a 20 s latency fault queued and --shutdown-grace 3000: the call is answered 503 at the end of the grace and the process exits 0 long before the latency would end', async () => {
    const served = await spawnNode([BIN, 'serve', '--port', '0', '--shutdown-grace', '3000'], SANDBOX_READY);
    const origin = new URL(served.url).origin;
    try {
      const queued = await fetch(`${origin}/__sandbox/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ route: '/getBalance', effect: 'latency', latencyMs: 20_000 }),
      });
      expect(queued.status).toBe(200);
      const slow = fetch(`${served.url}/getBalance`, { headers: { 'x-api-key': KEY } });
      await sleep(300); // the call has reached the server and waits out its latency
      const signalledAt = performance.now();
      served.child.kill('SIGTERM');
      const answer = await slow;
      const answeredMs = performance.now() - signalledAt;
      const [code] = (await once(served.child, 'exit')) as [number | null];
      const exitMs = performance.now() - signalledAt;
      expect([answer.status, (await answer.json()).error.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
      expect(code).toBe(0);
      // The grace is kept (no answer before it ends), and the process is gone well before the 20 s latency
      // would have ended (it took 19.5 s when the stop waited for the latency; the contract says grace + 1 s).
      expect(answeredMs).toBeGreaterThanOrEqual(2_900);
      expect(exitMs).toBeLessThan(10_000);
    } finally {
      await served.stop();
    }
  });

  it('stops at once on a second SIGTERM, with exit code 143, cutting the requests in flight', async () => {
    const served = await serveSlowOrders();
    const orders = new Pool(served.origin, { connections: 2 });
    try {
      const answers = Promise.allSettled(
        Array.from({ length: 2 }, (_, i) => json(orders, 'POST', '/createOrder', { productId: 'x', quantity: 1, idempotencyKey: `cut-${i}` })),
      );
      await sleep(300);
      served.child.kill('SIGTERM');
      await sleep(100);
      const signalledAt = performance.now();
      served.child.kill('SIGTERM');
      const [code] = (await once(served.child, 'exit')) as [number | null];
      expect(code).toBe(143);
      expect(performance.now() - signalledAt).toBeLessThan(500);
      expect((await answers).map((answer) => answer.status)).toEqual(['rejected', 'rejected']);
    } finally {
      await orders.destroy();
      await served.stop();
    }
  });
});

describe('RunningServer.close()', () => {
  let server: RunningServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  /** A GET on a keep-alive connection of `agent`; resolves with the answer's status, `connection` header and body. */
  function get(url: string, agent: Agent): Promise<{ status: number; connection: string | undefined; body: string }> {
    return new Promise((resolve, reject) => {
      const sent = httpRequest(url, { agent, headers: { 'x-api-key': KEY } }, (response: IncomingMessage) => {
        let body = '';
        response.setEncoding('utf8').on('data', (text: string) => (body += text));
        response.on('end', () => resolve({ status: response.statusCode!, connection: response.headers.connection, body }));
      });
      sent.on('error', reject).end();
    });
  }

  it('answers the requests in flight (their keep-alive answers saying connection: close), closes idle connections at once and answers one sent as it stops', async () => {
    server = await startServer({
      port: 0,
      scenario: { ...slowOrders, faults: [{ route: 'getBalance', effect: 'latency', latencyMs: 500, calls: [2, 3, 4] }] } as ScenarioFile,
    });
    const idleAgent = new Agent({ keepAlive: true });
    const agent = new Agent({ keepAlive: true });
    try {
      const idle = await get(`${server.url}/getBalance`, idleAgent); // call 1: leaves an idle keep-alive connection
      expect(idle.connection).toBe('keep-alive');
      const [idleSocket] = Object.values(idleAgent.freeSockets).flat();
      const idleClosed = once(idleSocket!, 'close').then(() => performance.now());
      const inFlight = Promise.all([1, 2, 3].map(() => get(`${server!.url}/getBalance`, agent).then((answer) => ({ ...answer, at: performance.now() }))));
      await sleep(150);
      const closedAt = performance.now();
      const closing = server.close();
      // Sent as the stop begins, it is in the accept queue: answered, with connection: close, never reset.
      const late = await fetch(`${server.url}/getBalance`, { headers: { 'x-api-key': KEY } });
      expect([late.status, late.headers.get('connection')]).toEqual([200, 'close']);
      await late.arrayBuffer();
      const answers = await inFlight;
      await closing;
      expect(answers.map((answer) => [answer.status, answer.connection])).toEqual(Array(3).fill([200, 'close']));
      expect(JSON.parse(answers[0]!.body)).toMatchObject({ success: true, data: { balanceThb: expect.any(Number) } });
      // The idle connection went first, without waiting for the answers in flight.
      expect(await idleClosed).toBeLessThan(Math.min(...answers.map((answer) => answer.at)));
      expect(performance.now() - closedAt).toBeLessThan(2_000);
    } finally {
      idleAgent.destroy();
      agent.destroy();
    }
  });

  it('closes a connection that has sent nothing yet at once, without waiting for the grace period', async () => {
    server = await startServer({ port: 0, shutdownGraceMs: 60_000 });
    const silent = connect(server.port, '127.0.0.1');
    await once(silent, 'connect');
    const closed = once(silent, 'close');
    await server.close(); // with the grace period to wait for, the test would time out
    await closed;
    expect(silent.destroyed).toBe(true);
  });

  it('answers 503 to a call still in a latency fault after shutdownGraceMs, without serving it, and closes what is still open', async () => {
    server = await startServer({
      port: 0,
      shutdownGraceMs: 200,
      scenario: { ...slowOrders, faults: [{ route: '/createOrder', effect: 'latency', latencyMs: 5_000 }] } as ScenarioFile,
    });
    const before = server.sandbox.db.orders.findMany().length;
    const products = (await (await fetch(`${server.url}/getProducts?limit=1`, { headers: { 'x-api-key': KEY } })).json()) as Envelope<Array<{ id: string }>>;
    const slow = fetch(`${server.url}/createOrder`, {
      method: 'POST',
      headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ productId: products.data![0]!.id, quantity: 1, idempotencyKey: 'cut-off-0001' }),
    });
    await sleep(150);
    const closedAt = performance.now();
    await server.close();
    // The 5 s latency would still have 4.8 s to go: the stop kept its grace (200 ms) and a margin, not the latency.
    expect(performance.now() - closedAt).toBeLessThan(3_000);
    const answer = await slow;
    expect([answer.status, answer.headers.get('connection')]).toEqual([503, 'close']);
    expect((await answer.json()).error.code).toBe('SERVICE_UNAVAILABLE');
    // Nothing was ordered nor charged for a call answered 503.
    await sleep(100);
    expect(server.sandbox.db.orders.findMany().length).toBe(before);
    expect(server.sandbox.journal().at(-1)).toMatchObject({ route: 'createOrder', status: 503, errorCode: 'SERVICE_UNAVAILABLE' });
  });

  it('refuses a shutdownGraceMs that is not a whole number of milliseconds', async () => {
    await expect(startServer({ port: 0, shutdownGraceMs: -1 })).rejects.toThrow(
      'shutdownGraceMs must be a whole number of milliseconds from 0 to 600000 (got -1)',
    );
  });
});
