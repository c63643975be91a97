import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listScenarios, loadScenario, type JournalEntry, type SandboxState } from 'esim-wholesale-sandbox';
import { type RunningServer, startServer } from 'esim-wholesale-sandbox/server';
import { json, type Envelope, type SuccessData } from '../support/json.js';
import { sendRaw } from '../support/raw-http.js';

const DEFAULT_KEYS = ['sk_test_full_access', 'sk_test_read_only', 'sk_test_kyc_pending', 'sk_test_revoked'];

/** The default partner, with 2 eSIMs left of every product and a clock of its own. */
const tinyShop = {
  name: 'tiny-shop',
  description: 'The default partner with 2 eSIMs left of every product, in 2030',
  extends: 'default',
  clock: { start: '2030-01-01T00:00:00.000Z' },
  inventory: { '*': 2 },
};

/** A session as the admin API shows it. */
interface SessionView {
  id: string;
  scenario: string;
  apiKeys: Record<string, string>;
  baseUrl: string;
}

let server: RunningServer;

beforeEach(async () => {
  server = await startServer({ port: 0, seed: 7, maxSessions: 5 });
});

afterEach(async () => {
  await server.close();
});

/** An admin request; a POST is JSON, as the admin API wants, even without a body. `Data`: what a success answers. */
async function admin<Data = unknown>(method: string, path: string, body?: unknown) {
  const init: RequestInit = { method };
  if (body !== undefined) init.body = typeof body === 'string' ? body : JSON.stringify(body);
  if (body !== undefined || method === 'POST') init.headers = { 'content-type': 'application/json' };
  const response = await fetch(`${server.origin}/__sandbox${path}`, init);
  return { status: response.status, json: await json<Envelope<Data>>(response) };
}

async function api<Path extends string>(path: Path, key: string, body?: unknown) {
  const init: RequestInit = { headers: { 'x-api-key': key } };
  if (body !== undefined) {
    init.method = 'POST';
    init.body = JSON.stringify(body);
    init.headers = { 'x-api-key': key, 'content-type': 'application/json' };
  }
  const response = await fetch(`${server.url}${path}`, init);
  return { status: response.status, json: await json<Envelope<SuccessData<Path>>>(response) };
}

async function createSession(body: unknown = {}): Promise<SessionView> {
  const { status, json } = await admin<SessionView>('POST', '/sessions', body);
  expect(status, JSON.stringify(json)).toBe(200);
  return json.data!;
}

async function orderIds(key: string): Promise<string[]> {
  const { json } = await api('/getOrders?limit=200', key);
  return json.data!.map((order) => order.id);
}

async function placeOrder(key: string) {
  const productId = (await api('/getProducts?limit=1', key)).json.data![0]!.id;
  const { status, json } = await api('/createOrder', key, { productId, quantity: 1 });
  expect(status, JSON.stringify(json)).toBe(200);
  return { productId, orderId: json.data!.purchaseOrderId };
}

async function balanceThb(key: string): Promise<number> {
  return (await api('/getBalance', key)).json.data!.balanceThb;
}

describe('POST /__sandbox/sessions', () => {
  it('builds an isolated sandbox of a built-in scenario and answers its id, keys and base URL', async () => {
    const { status, json } = await admin('POST', '/sessions', { scenario: 'default' });
    expect(status).toBe(200);
    expect(json).toEqual({
      success: true,
      data: {
        id: 'ses_0001',
        scenario: 'default',
        apiKeys: Object.fromEntries(DEFAULT_KEYS.map((key) => [key, `${key}__ses_0001`])),
        baseUrl: server.url,
      },
    });
    expect((await createSession({ scenario: tinyShop })).id).toBe('ses_0002');
  });

  it('gives a base URL on the server\'s own address, whatever name the Host header gives', async () => {
    const named = await startServer({ port: 0, allowedHosts: ['sandbox.test'] });
    try {
      for (const host of [`localhost:${named.port}`, `sandbox.test:${named.port}`, 'sandbox.test']) {
        const headers = { host, 'content-type': 'application/json' };
        const created = await sendRaw<SessionView>(named.port, { method: 'POST', path: '/__sandbox/sessions', headers, body: '{}' });
        expect(created.status, host).toBe(200);
        expect(created.json?.data?.baseUrl, host).toBe(named.url);
        const listed = (await sendRaw<SessionView[]>(named.port, { path: '/__sandbox/sessions', headers })).json!.data!;
        expect(listed.map((session) => session.baseUrl)).toEqual(listed.map(() => named.url));
      }
    } finally {
      await named.close();
    }
  });

  it('builds an inline scenario, and without one the scenario the server runs now', async () => {
    expect(await createSession({ scenario: tinyShop })).toMatchObject({ id: 'ses_0001', scenario: 'tiny-shop' });
    expect(await createSession()).toMatchObject({ id: 'ses_0002', scenario: 'default' });
    await admin('POST', '/scenario', { scenario: tinyShop });
    expect(await createSession()).toMatchObject({ id: 'ses_0003', scenario: 'tiny-shop' });
  });

  it('answers like a fresh main sandbox of the same scenario and seed, byte for byte', async () => {
    const session = await createSession({ scenario: 'default' });
    for (const path of ['/getProducts?limit=5', '/getBalance', '/getPaymentHistory?limit=5', '/getOrders?limit=5']) {
      const main = await fetch(`${server.url}${path}`, { headers: { 'x-api-key': 'sk_test_full_access' } });
      const own = await fetch(`${server.url}${path}`, { headers: { 'x-api-key': session.apiKeys['sk_test_full_access']! } });
      expect(await own.text()).toBe(await main.text());
    }
  });

  it('takes a seed of its own', async () => {
    const seeded = await createSession({ scenario: 'default', seed: 7 });
    const other = await createSession({ scenario: 'default', seed: 8 });
    const first = await placeOrder(seeded.apiKeys['sk_test_full_access']!);
    const second = await placeOrder(other.apiKeys['sk_test_full_access']!);
    const mainOrder = await placeOrder('sk_test_full_access');
    expect(first.orderId).toBe(mainOrder.orderId);
    expect(second.orderId).not.toBe(first.orderId);
  });

  it('builds every built-in scenario unchanged but for the keys', () => {
    for (const { name } of listScenarios()) {
      const session = server.host.createSession({ scenario: name });
      const original = loadScenario(name);
      const apiKeys = original.apiKeys.map((apiKey) => ({ ...apiKey, key: `${apiKey.key}__${session.id}` }));
      expect(session.sandbox.scenario, name).toEqual({ ...original, apiKeys });
      server.host.deleteSession(session.id);
    }
  });

  it.each([
    [{ scenario: 'no-such-scenario' }, 'no built-in scenario "no-such-scenario"'],
    [{ scenario: 'scenarios/default.json' }, 'no scenario file "scenarios/default.json" that this server may load'],
    [{ scenario: { name: 'Bad Name', description: 'x' } }, '<inline>: /name: expected a kebab-case name'],
    [{ scenario: { ...tinyShop, extends: 'nowhere' } }, '<inline>: /extends: no built-in scenario "nowhere"'],
    [{ scenario: 42 }, 'scenario:'],
    [{ scenario: 'default', colour: 'red' }, 'unknown field "colour"'],
    [{ scenario: 'default', seed: -1 }, 'seed: expected a number of at least 0, got -1'],
    [[], 'body: expected an object'],
    ['{"scenario":', 'body: expected valid JSON'],
  ])('refuses %j with 400 VALIDATION_ERROR and creates nothing', async (body, message) => {
    const { status, json } = await admin('POST', '/sessions', body);
    expect(status).toBe(400);
    expect(json.success).toBe(false);
    expect(json.error?.code).toBe('VALIDATION_ERROR');
    expect(json.error?.message).toContain(message);
    expect((await admin('GET', '/sessions')).json.data).toEqual([]);
    expect((await createSession()).id).toBe('ses_0001');
  });

  it('refuses more than maxSessions live sessions until one is deleted', async () => {
    for (let i = 0; i < 5; i += 1) await createSession();
    const refused = await admin('POST', '/sessions', {});
    expect(refused.status).toBe(400);
    expect(refused.json.error?.code).toBe('VALIDATION_ERROR');
    expect(refused.json.error?.message).toContain('maxSessions 5');
    expect(refused.json.error?.message).toContain('DELETE /__sandbox/sessions/');
    expect((await admin('GET', '/sessions')).json.data).toHaveLength(5);
    await admin('DELETE', '/sessions/ses_0002');
    expect((await createSession()).id).toBe('ses_0006');
  });
});

describe('requests with a session key', () => {
  it('are answered by their own session only, in parallel, leaving the main sandbox untouched', async () => {
    // Another seed for B: with the same seed and requests, both would make the same (deterministic) order ids.
    const [a, b] = await Promise.all([createSession({ scenario: 'default' }), createSession({ scenario: tinyShop, seed: 99 })]);
    const keyA = a.apiKeys['sk_test_full_access']!;
    const keyB = b.apiKeys['sk_test_full_access']!;
    const mainOrders = await orderIds('sk_test_full_access');
    const mainStateBefore = (await admin('GET', '/state')).json.data;
    const [ordersA, ordersB] = await Promise.all([
      Promise.all([placeOrder(keyA), placeOrder(keyA)]),
      Promise.all([placeOrder(keyB), placeOrder(keyB)]),
    ]);
    const idsA = ordersA.map((order) => order.orderId);
    const idsB = ordersB.map((order) => order.orderId);
    const [seenByA, seenByB] = await Promise.all([orderIds(keyA), orderIds(keyB)]);
    expect(seenByA).toEqual(expect.arrayContaining(idsA));
    expect(seenByB).toEqual(expect.arrayContaining(idsB));
    expect(seenByA).toHaveLength(mainOrders.length + 2);
    expect(seenByB).toHaveLength(mainOrders.length + 2);
    for (const id of idsB) expect(seenByA).not.toContain(id);
    for (const id of idsA) expect(seenByB).not.toContain(id);

    const stateB = (await admin<SandboxState>('GET', `/sessions/${b.id}/state`)).json.data!;
    expect(stateB.scenario).toBe('tiny-shop');
    expect(stateB.now.startsWith('2030-01-01')).toBe(true);
    expect(stateB.products.find((product) => product.id === ordersB[0]!.productId)?.inventory).toBe(0);
    const stateA = (await admin<SandboxState>('GET', `/sessions/${a.id}/state`)).json.data!;
    expect(stateA.products.find((product) => product.id === ordersA[0]!.productId)?.inventory).toBeGreaterThan(0);

    expect((await admin('GET', '/state')).json.data).toEqual(mainStateBefore);
    expect(await orderIds('sk_test_full_access')).toEqual(mainOrders);
    expect(server.sandbox.journal().every((entry) => entry.url === '/api/v1/getOrders?limit=200')).toBe(true);
    const journalA = (await admin<JournalEntry[]>('GET', `/sessions/${a.id}/requests`)).json.data!;
    expect(journalA.length).toBeGreaterThan(0);
    expect(journalA.every((entry) => entry.apiKey?.endsWith('0001'))).toBe(true);
  });

  it('keep the behaviour of the scenario key they stand for, on every route', async () => {
    const { apiKeys } = await createSession();
    const full = apiKeys['sk_test_full_access']!;
    const { orderId } = await placeOrder(full);
    const reads = ['/getBalance', '/getProducts', '/getPaymentHistory', '/getOrders', `/getOrderStatus?purchaseOrderId=${orderId}`];
    for (const path of reads) {
      expect((await api(path, full)).status, path).toBe(200);
    }
    const product = (await api('/getProducts?limit=1', full)).json.data![0]!;
    const readOnly = await api('/createOrder', apiKeys['sk_test_read_only']!, { productId: product.id, quantity: 1 });
    expect(readOnly.json.error).toEqual({ code: 'FORBIDDEN_SCOPE', message: 'Missing required scope: orders:write' });
    expect((await api('/getBalance', apiKeys['sk_test_kyc_pending']!)).json.error?.code).toBe('KYC_REQUIRED');
    expect((await api('/getBalance', apiKeys['sk_test_revoked']!)).status).toBe(401);
  });

  it('answer 401 UNAUTHORIZED for a session never created or deleted', async () => {
    const never = await api('/getBalance', 'sk_test_full_access__ses_0042');
    expect(never.status).toBe(401);
    expect(never.json.error?.code).toBe('UNAUTHORIZED');
    expect(never.json.error?.message).toContain('Unknown or deleted session "ses_0042"');

    const { id, apiKeys } = await createSession();
    expect((await api('/getBalance', apiKeys['sk_test_full_access']!)).status).toBe(200);
    await admin('DELETE', `/sessions/${id}`);
    const deleted = await api('/getBalance', apiKeys['sk_test_full_access']!);
    expect(deleted.status).toBe(401);
    expect(deleted.json).toEqual({
      success: false,
      error: { code: 'UNAUTHORIZED', message: expect.stringContaining(`Unknown or deleted session "${id}"`) },
    });
  });
});

describe('listing, showing and deleting sessions', () => {
  it('lists the live sessions in order of creation, shows one, and deletes it', async () => {
    const first = await createSession({ scenario: tinyShop });
    const second = await createSession();
    expect((await admin('GET', '/sessions')).json).toEqual({ success: true, data: [first, second] });
    expect((await admin('GET', `/sessions/${first.id}`)).json).toEqual({ success: true, data: first });

    expect((await admin('DELETE', `/sessions/${first.id}`)).json).toEqual({ success: true, data: { id: first.id, deleted: true } });
    expect((await admin('GET', '/sessions')).json.data).toEqual([second]);
    const gone = [['GET', `/sessions/${first.id}`], ['DELETE', `/sessions/${first.id}`], ['GET', `/sessions/${first.id}/state`]];
    for (const [method, path] of gone) {
      const { status, json } = await admin(method!, path!);
      expect(status).toBe(404);
      expect(json.error?.code).toBe('NOT_FOUND');
      expect(json.error?.message).toContain(`No session "${first.id}"`);
    }
    expect((await createSession()).id).toBe('ses_0003');
  });

  it('answers 405 for a method a session route does not take', async () => {
    const { id } = await createSession();
    const { status, json } = await admin('POST', `/sessions/${id}`);
    expect(status).toBe(405);
    expect(json.error?.code).toBe('METHOD_NOT_ALLOWED');
  });
});

describe('admin routes of one session', () => {
  it('tops up by scenario key, session key or account id, in that session only', async () => {
    const { id, apiKeys } = await createSession();
    const key = apiKeys['sk_test_full_access']!;
    const before = await balanceThb(key);
    const mainBefore = await balanceThb('sk_test_full_access');
    expect((await admin('POST', `/sessions/${id}/topups`, { apiKey: 'sk_test_full_access', amountThb: 1000 })).status).toBe(200);
    expect((await admin('POST', `/sessions/${id}/topups`, { apiKey: key, amountThb: 500 })).status).toBe(200);
    const accountId = (await admin<SandboxState>('GET', `/sessions/${id}/state`)).json.data!.accounts[0]!.id;
    expect((await admin('POST', `/sessions/${id}/topups`, { accountId, amountThb: 0.5 })).status).toBe(200);
    expect(await balanceThb(key)).toBe(before + 1500.5);
    expect(await balanceThb('sk_test_full_access')).toBe(mainBefore);

    const refused = await admin('POST', `/sessions/${id}/topups`, { apiKey: 'sk_test_nobody', amountThb: 10 });
    expect(refused.status).toBe(400);
    expect(refused.json.error?.message).toContain('sk_test_nobody');
  });

  it('moves the clock of that session only', async () => {
    const { id } = await createSession();
    const mainNow = server.sandbox.now();
    const moved = await admin<{ now: string }>('POST', `/sessions/${id}/clock`, { advanceMs: 86_400_000 });
    expect(moved.json.data?.now).toBe(new Date(Date.parse(mainNow) + 86_400_000).toISOString());
    const health = await admin('GET', `/sessions/${id}/health`);
    expect(health.json.data).toEqual({ status: 'ok', scenario: 'default', now: moved.json.data?.now });
    const set = await admin<{ now: string }>('POST', `/sessions/${id}/clock`, { now: '2027-03-01T00:00:00Z' });
    expect(set.json.data?.now).toBe('2027-03-01T00:00:00.000Z');
    expect(server.sandbox.now()).toBe(mainNow);
    expect((await admin('POST', `/sessions/${id}/clock`, { advanceMs: -1 })).status).toBe(400);
  });

  it('switches the scenario of that session, keeping its keys session keys, and resets it', async () => {
    const { id, apiKeys } = await createSession();
    const key = apiKeys['sk_test_full_access']!;
    const { orderId } = await placeOrder(key);

    const switched = await admin('POST', `/sessions/${id}/scenario`, { scenario: tinyShop });
    expect(switched.json.data).toMatchObject({ scenario: 'tiny-shop', now: '2030-01-01T00:00:00.000Z' });
    expect((await admin<SessionView>('GET', `/sessions/${id}`)).json.data?.apiKeys).toEqual(apiKeys);
    expect(await orderIds(key)).not.toContain(orderId);
    expect(server.sandbox.scenario.name).toBe('default');

    const again = await placeOrder(key);
    expect((await admin<{ scenario: string }>('POST', `/sessions/${id}/reset`)).json.data?.scenario).toBe('tiny-shop');
    // The session's history keeps its requests, with a marker row for the switch and for the reset.
    const history = (await admin<{ marker?: string; text?: string }[]>('GET', `/sessions/${id}/requests`)).json.data!;
    expect(history.filter((entry) => entry.marker).map((entry) => entry.text)).toEqual(['scenario → tiny-shop', 'reset (scenario tiny-shop)']);
    expect(history.at(-1)).toMatchObject({ marker: 'reset' });
    expect(await orderIds(key)).not.toContain(again.orderId);

    const bad = await admin('POST', `/sessions/${id}/scenario`, { name: 'no-such-scenario' });
    expect(bad.status).toBe(400);
    expect((await admin<SessionView>('GET', `/sessions/${id}`)).json.data?.scenario).toBe('tiny-shop');
  });
});

describe('the sandbox of a session', () => {
  it('is a sandbox of the same implementation as the main one, its keys carrying the session suffix', async () => {
    const session = server.host.createSession({ scenario: 'default' });
    expect(Object.getPrototypeOf(session.sandbox)).toBe(Object.getPrototypeOf(server.sandbox));
    expect(session.sandbox.scenario.apiKeys.map(({ key }) => key)).toEqual(DEFAULT_KEYS.map((key) => `${key}__${session.id}`));
    await session.sandbox.useScenario('low-balance');
    expect(session.sandbox.scenario.apiKeys.every(({ key }) => key.endsWith(`__${session.id}`))).toBe(true);
    const payment = await session.sandbox.topup({ apiKey: 'sk_test_full_access', amountThb: 100 });
    expect(payment.walletCreditThb).toBe(100);
    const exported = await session.sandbox.exportScenario();
    expect(exported.apiKeys?.every(({ key }) => !key.includes('__ses_'))).toBe(true);
  });

  it('reads its journal one way, as the main sandbox does', async () => {
    const session = server.host.createSession();
    await fetch(`${server.url}/getBalance`, { headers: { 'x-api-key': session.apiKeys()['sk_test_full_access']! } });
    expect(session.sandbox.journal().map(({ route, status }) => [route, status])).toEqual([['getBalance', 200]]);
    expect('requests' in session.sandbox || 'requests' in server.sandbox).toBe(false);
  });
});
