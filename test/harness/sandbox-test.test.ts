import { describe, expect, vi } from 'vitest';
import { createSandboxTest } from 'esim-wholesale-sandbox/vitest';

const baseUrl = 'https://api.partner.test/api/v1';
const headers = { 'x-api-key': 'sk_test_full_access', 'content-type': 'application/json' };
const order = (idempotencyKey: string, quantity = 1) =>
  fetch(`${baseUrl}/createOrder`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ productId: 'efd8480e-2903-458b-8ce3-156f0418df70', quantity, idempotencyKey }),
  });
const balance = async () => ((await (await fetch(`${baseUrl}/getBalance`, { headers })).json()) as { data: { balanceThb: number } }).data.balanceThb;

const test = createSandboxTest({ scenario: 'default', seed: 7 });

// A client module that keeps the fetch of the moment it is imported: the file's imports run before msw starts.
const fetchTakenEarly = globalThis.fetch;

describe('createSandboxTest: a sandbox at the initial state of its scenario in every test', () => {
  test('answers the client through msw at the default base address', async ({ sandbox }) => {
    expect(await balance()).toBe(114060);
    expect(sandbox.journal()).toHaveLength(1);
  });

  test('an order placed in one test…', async () => {
    expect((await order('fixture-order-0001', 2)).status).toBe(200);
    expect(await balance()).toBe(114060 - 2 * 233);
  });

  test('…is gone in the next, whose journal starts empty', async ({ sandbox }) => {
    expect(sandbox.journal()).toEqual([]);
    expect(await balance()).toBe(114060);
  });

  test('a test that switches scenario…', async ({ sandbox }) => {
    await sandbox.useScenario('empty-inventory');
    expect((await order('fixture-order-0002')).status).toBe(409);
  });

  test('…leaves the next one on the scenario the test was made with', async ({ sandbox }) => {
    expect(sandbox.scenario.name).toBe('default');
    expect((await order('fixture-order-0003')).status).toBe(200);
  });

  test('fails a request no handler answers instead of letting it reach the network, saying where the sandbox answers', async () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failure = await fetch('https://elsewhere.partner.test/api/v1/getBalance').catch((error: Error) => String(error.cause ?? error));
    expect(failure).toMatch(/\[MSW\] Cannot bypass a request when using the "error" strategy/);
    const message = printed.mock.calls.map((args) => args.join(' ')).find((text) => text.startsWith('[esim-wholesale-sandbox]'));
    printed.mockRestore();
    expect(message).toContain('GET https://elsewhere.partner.test/api/v1/getBalance reached no handler');
    expect(message).toContain(`The sandbox of this test answers ${baseUrl}/* only.`);
    expect(message).toContain("createSandboxTest({ baseUrl: '<your base URL>' })");
    expect(message).toContain("mswServer.use(http.all('https://elsewhere.partner.test/*', () => passthrough()))");
  });

  test('says why a request sent with a fetch taken before msw started missed the sandbox, once per test', async ({ sandbox }) => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failures = [];
    for (const path of ['/getBalance', '/getProducts']) {
      failures.push(await fetchTakenEarly(`${baseUrl}${path}`, { headers }).then(() => 'answered', (error: Error) => String((error.cause as { code?: string } | undefined)?.code)));
    }
    const told = printed.mock.calls.map((args) => args.join(' ')).filter((text) => text.startsWith('[esim-wholesale-sandbox]'));
    printed.mockRestore();
    expect(failures.every((code) => code === 'ENOTFOUND' || code === 'EAI_AGAIN'), failures.join()).toBe(true);
    expect(sandbox.journal()).toEqual([]);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatch(/^\[esim-wholesale-sandbox\] GET https:\/\/api\.partner\.test\/api\/v1\/getBalance went to the network \(getaddrinfo (ENOTFOUND|EAI_AGAIN) api\.partner\.test\), not to the sandbox/);
    expect(told[0]).toContain('calls a fetch it took before msw started');
    expect(told[0]).toContain('(input, init) => sandbox.fetch(new Request(input, init))');
  }, 30_000);

  test('says nothing of a failed request once the sandbox has answered one in the test', async () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await balance()).toBe(114060);
    await fetchTakenEarly(`${baseUrl}/getBalance`, { headers }).catch(() => undefined);
    const told = printed.mock.calls.filter((args) => String(args[0]).startsWith('[esim-wholesale-sandbox]'));
    printed.mockRestore();
    expect(told).toEqual([]);
  }, 30_000);

  test('mswServer.use overrides a route for one test…', async ({ mswServer }) => {
    const { http, HttpResponse } = await import('msw');
    mswServer.use(http.get(`${baseUrl}/getBalance`, () => HttpResponse.json({ success: true, data: { balanceThb: 1 } })));
    expect(await balance()).toBe(1);
  });

  test('…and the next test gets the sandbox again', async () => {
    expect(await balance()).toBe(114060);
  });
});
