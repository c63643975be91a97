import { beforeEach, describe, expect, it } from 'vitest';
import { createAdminApi } from '../../src/admin/admin-api.js';
import { outcomeToResponse } from '../../src/api/outcome.js';
import { createSandboxHost } from '../../src/sessions/sandbox-host.js';
import type { ScenarioFile } from '../../src/scenarios/scenario-schema.js';
import type { Sandbox } from '../../src/types.js';
import { json } from '../support/json.js';

const ACCOUNT_ID = '00000000-0000-4000-8000-000000000001';
const ALL_SCOPES = ['balance:read', 'products:read', 'payments:read', 'orders:write', 'orders:read'] as const;

const adminTestScenario: ScenarioFile = {
  name: 'admin-test',
  description: 'One funded-from-zero account for the admin API tests',
  clock: { start: '2026-01-15T09:00:00.000Z', stepMs: 1000 },
  accounts: [{ id: ACCOUNT_ID, name: 'Test Partner' }],
  apiKeys: [{ key: 'sk_test_full_access', accountId: ACCOUNT_ID, scopes: [...ALL_SCOPES] }],
};

let sandbox: Sandbox;
let admin: (request: Request) => Promise<Response>;

beforeEach(() => {
  const host = createSandboxHost({ scenario: adminTestScenario, seed: 7 });
  const adminApi = createAdminApi(host);
  sandbox = host.main;
  admin = async (request) => outcomeToResponse(await adminApi(request), request.method);
});

async function call(method: string, path: string, body?: unknown) {
  const init: RequestInit = { method };
  if (body !== undefined) {
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
    init.headers = { 'content-type': 'application/json' };
  }
  const response = await admin(new Request(`http://127.0.0.1:4010/__sandbox${path}`, init));
  return { status: response.status, headers: response.headers, json: await json(response) };
}

async function balance(): Promise<number> {
  const response = await sandbox.fetch(
    new Request('http://127.0.0.1:4010/api/v1/getBalance', { headers: { 'x-api-key': 'sk_test_full_access' } }),
  );
  return ((await response.json()) as { data: { balanceThb: number } }).data.balanceThb;
}

describe('admin API: reading the sandbox', () => {
  it('reports health with the scenario name and the sandbox time, as JSON', async () => {
    const { status, headers, json } = await call('GET', '/health');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(json).toEqual({ success: true, data: { status: 'ok', scenario: 'admin-test', now: '2026-01-15T09:00:00.000Z' } });
  });

  it('lists the request journal', async () => {
    await balance();
    const { json } = await call('GET', '/requests');
    expect(json.data).toEqual([expect.objectContaining({ method: 'GET', url: '/api/v1/getBalance', status: 200 })]);
  });

  it('summarizes the state', async () => {
    const { json } = await call('GET', '/state');
    expect(json.success).toBe(true);
    expect(json.data).toEqual(await sandbox.state());
  });
});

describe('admin API: topups', () => {
  it('credits the wallet of an API key and answers with the payment', async () => {
    const { status, json } = await call('POST', '/topups', { apiKey: 'sk_test_full_access', amountThb: 5000, paymentMethod: 'card' });
    expect(status).toBe(200);
    expect(json.data).toMatchObject({ walletCreditThb: 5000, paymentMethod: 'card', status: 'success' });
    expect(await balance()).toBe(5000);
  });

  it('credits the wallet of an account id', async () => {
    await call('POST', '/topups', { accountId: ACCOUNT_ID, amountThb: 12.5 });
    expect(await balance()).toBe(12.5);
  });

  it.each([
    [{ apiKey: 'sk_test_full_access', amountThb: -5 }, 'amountThb: expected a number greater than 0, got -5'],
    [{ apiKey: 'sk_test_full_access', amountThb: '10' }, 'amountThb: expected a number, got "10"'],
    [{ apiKey: 'sk_test_full_access', amountThb: 1.234 }, 'amountThb: expected a number with at most 2 decimals, got 1.234'],
    [{ apiKey: 'sk_test_full_access' }, 'amountThb: required field is missing'],
    [{ amountThb: 10 }, 'body: expected exactly one of "apiKey" or "accountId"'],
    [{ apiKey: 'sk_test_full_access', accountId: ACCOUNT_ID, amountThb: 10 }, 'expected exactly one of "apiKey" or "accountId"'],
    [{ apiKey: 'sk_test_full_access', amountThb: 10, paymentMethod: 'cash' }, 'paymentMethod: expected one of "promptpay"'],
    [{ apiKey: 'sk_test_full_access', amountThb: 10, amount: 10 }, 'unknown field "amount"'],
    [[], 'body: expected an object, got an empty array'],
    ['{"apiKey":', 'body: expected valid JSON'],
    [{ apiKey: 'sk_test_nobody', amountThb: 10 }, 'sk_test_nobody'],
  ])('refuses %j with a message naming the field and the rule, and changes nothing', async (body, message) => {
    const before = await sandbox.state();
    const { status, json } = await call('POST', '/topups', body);
    expect(status).toBe(400);
    expect(json.success).toBe(false);
    expect(json.error?.code).toBe('VALIDATION_ERROR');
    expect(json.error?.message).toContain(message);
    expect(await sandbox.state()).toEqual(before);
  });
});

describe('admin API: clock', () => {
  it('moves the clock forward by advanceMs', async () => {
    const { json } = await call('POST', '/clock', { advanceMs: 86_400_000 });
    expect(json).toEqual({ success: true, data: { now: '2026-01-16T09:00:00.000Z', mode: 'step' } });
    expect(sandbox.now()).toBe('2026-01-16T09:00:00.000Z');
  });

  it('sets the clock to now', async () => {
    const { json } = await call('POST', '/clock', { now: '2027-03-01T00:00:00Z' });
    expect(json.data).toEqual({ now: '2027-03-01T00:00:00.000Z', mode: 'step' });
  });

  it.each([
    [{}, 'expected exactly one of "advanceMs"'],
    [{ advanceMs: 1000, now: '2027-03-01T00:00:00Z' }, 'expected exactly one of "advanceMs"'],
    [{ advanceMs: -1 }, 'advanceMs: expected a whole number of milliseconds from 0 to'],
    [{ advanceMs: 1.5 }, 'got 1.5)'],
    [{ now: 'tomorrow' }, 'now: expected an ISO 8601 date-time'],
    [{ mode: 'real' }, 'mode: expected "step" (a fixed step per answered request) or "wall" (real elapsed time)'],
  ])('refuses %j and leaves the clock alone', async (body, message) => {
    const { status, json } = await call('POST', '/clock', body);
    expect(status).toBe(400);
    expect(json.error).toEqual({ code: 'VALIDATION_ERROR', message: expect.stringContaining(message) });
    expect(sandbox.now()).toBe('2026-01-15T09:00:00.000Z');
  });
});

describe('admin API: scenarios and reset', () => {
  it('resets to the initial state of the loaded scenario', async () => {
    await call('POST', '/topups', { apiKey: 'sk_test_full_access', amountThb: 100 });
    await call('POST', '/clock', { advanceMs: 60_000 });
    const { status, json } = await call('POST', '/reset');
    expect(status).toBe(200);
    expect(json.data).toMatchObject({ scenario: 'admin-test', now: '2026-01-15T09:00:00.000Z' });
    expect(await balance()).toBe(0);
  });

  it('loads a built-in scenario by name', async () => {
    const { status, json } = await call('POST', '/scenario', { name: 'default' });
    expect(status).toBe(200);
    expect(json.data).toMatchObject({ scenario: 'default', description: expect.any(String), now: expect.any(String) });
    expect(sandbox.scenario.name).toBe('default');
  });

  it('loads an inline scenario', async () => {
    const { status, json } = await call('POST', '/scenario', {
      scenario: { ...adminTestScenario, name: 'admin-test-2', description: 'Another one' },
    });
    expect(status).toBe(200);
    expect(json.data).toMatchObject({ scenario: 'admin-test-2', description: 'Another one' });
    expect(sandbox.scenario.name).toBe('admin-test-2');
  });

  it('refuses an invalid inline scenario with every problem the loader found, keeping the scenario', async () => {
    const { status, json } = await call('POST', '/scenario', { scenario: { name: 'Bad Name', description: '' } });
    expect(status).toBe(400);
    expect(json.error?.code).toBe('VALIDATION_ERROR');
    expect(json.error?.message).toContain('<inline>: /name: expected a kebab-case name, got "Bad Name"');
    expect(json.error?.message).toContain('<inline>: /description:');
    expect(sandbox.scenario.name).toBe('admin-test');
  });

  it('refuses an unknown built-in name with the loader message', async () => {
    const { status, json } = await call('POST', '/scenario', { name: 'no-such-scenario' });
    expect(status).toBe(400);
    expect(json.error?.message).toContain('no built-in scenario "no-such-scenario"');
    expect(sandbox.scenario.name).toBe('admin-test');
  });

  it.each([
    [{}, 'expected exactly one of "name"'],
    [{ name: '../../etc/passwd' }, 'no scenario file "../../etc/passwd" that this server may load'],
    [{ name: '' }, 'name: expected the name of a built-in scenario or the path of a .json file inside a --scenario-dir'],
    [{ name: 'default', scenario: adminTestScenario }, 'expected exactly one of "name"'],
    [{ scenario: 'default' }, 'scenario: expected an object, got "default"'],
  ])('refuses %j', async (body, message) => {
    const { status, json } = await call('POST', '/scenario', body);
    expect(status).toBe(400);
    expect(json.error?.message).toContain(message);
  });
});

describe('admin API: routing', () => {
  it('answers an unknown admin route with 404 NOT_FOUND listing the routes', async () => {
    const { status, json } = await call('GET', '/nope');
    expect(status).toBe(404);
    expect(json.error?.code).toBe('NOT_FOUND');
    expect(json.error?.message).toContain('GET /__sandbox/health');
  });

  it('answers a wrong method with 405 METHOD_NOT_ALLOWED and Allow', async () => {
    const { status, headers, json } = await call('GET', '/reset');
    expect(status).toBe(405);
    expect(headers.get('allow')).toBe('POST, OPTIONS');
    expect(json).toEqual({ success: false, error: { code: 'METHOD_NOT_ALLOWED', message: expect.stringContaining('POST') } });
  });

  it('lists HEAD and OPTIONS in the Allow of a GET route', async () => {
    const { status, headers } = await call('POST', '/health', {});
    expect(status).toBe(405);
    expect(headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });

  it('answers HEAD on a GET route as the GET', async () => {
    const response = await admin(new Request('http://127.0.0.1:4010/__sandbox/health', { method: 'HEAD' }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it('answers OPTIONS with 204 and Allow, and changes nothing', async () => {
    const before = await sandbox.state();
    for (const [path, allow] of [['/health', 'GET, HEAD, OPTIONS'], ['/reset', 'POST, OPTIONS']]) {
      const response = await admin(new Request(`http://127.0.0.1:4010/__sandbox${path}`, { method: 'OPTIONS' }));
      expect(response.status, path).toBe(204);
      expect(response.headers.get('allow'), path).toBe(allow);
      expect(response.body, path).toBeNull();
    }
    expect(await sandbox.state()).toEqual(before);
  });

  it.each(['/%', '/%zz', '/health%', '/%C3%28'])('answers the undecodable path %s with 400 VALIDATION_ERROR', async (path) => {
    const { status, json } = await call('GET', path);
    expect(status).toBe(400);
    expect(json.error).toEqual({ code: 'VALIDATION_ERROR', message: expect.stringContaining('is not valid percent-encoding') });
  });

  it('accepts a trailing slash', async () => {
    expect((await call('GET', '/health/')).status).toBe(200);
  });
});
