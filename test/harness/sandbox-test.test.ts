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

  test('mswServer.use overrides a route for one test…', async ({ mswServer }) => {
    const { http, HttpResponse } = await import('msw');
    mswServer.use(http.get(`${baseUrl}/getBalance`, () => HttpResponse.json({ success: true, data: { balanceThb: 1 } })));
    expect(await balance()).toBe(1);
  });

  test('…and the next test gets the sandbox again', async () => {
    expect(await balance()).toBe(114060);
  });
});
