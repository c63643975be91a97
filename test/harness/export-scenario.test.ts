import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from 'esim-wholesale-sandbox';

const ajv = new Ajv({ strict: true, allErrors: true, validateFormats: false });
const validateScenario = ajv.compile(JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../scenario.schema.json'), 'utf8')));
const KEYS = ['sk_test_full_access', 'sk_test_read_only', 'sk_test_kyc_pending', 'sk_test_revoked'];

const call = (sandbox: Sandbox, path: string, key = 'sk_test_full_access', body?: unknown) =>
  sandbox.fetch(
    new Request(`http://sandbox.test/api/v1${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    }),
  );

/** Orders of several products and quantities, a refused one, topups by two methods, and the clock moved. */
async function buildState(sandbox: Sandbox): Promise<void> {
  const products = ((await (await call(sandbox, '/getProducts?limit=5')).json()) as { data: { id: string }[] }).data;
  await sandbox.topup({ apiKey: 'sk_test_full_access', amountThb: 2500.5, paymentMethod: 'card' });
  for (const [index, product] of products.entries()) {
    await call(sandbox, '/createOrder', 'sk_test_full_access', { productId: product.id, quantity: index + 1, idempotencyKey: `export-order-${index}-key` });
    sandbox.advanceClock(86_400_000);
  }
  await call(sandbox, '/createOrder', 'sk_test_full_access', { productId: products[0]!.id, quantity: 2000 });
  await sandbox.topup({ apiKey: 'sk_test_full_access', amountThb: 100 });
}

/** Every read route, for every key, every page and every order: the answers as `status body` lines. */
async function readEverything(sandbox: Sandbox): Promise<string[]> {
  const answers: string[] = [];
  const read = async (path: string, key?: string) => {
    const response = await call(sandbox, path, key);
    const text = await response.text();
    answers.push(`${path} ${key ?? ''} ${response.status} ${text}`);
    return text;
  };
  for (const key of KEYS) {
    await read('/getBalance', key);
    await read('/getProducts?limit=200', key);
    await read('/getPaymentHistory?limit=200', key);
    const orders = JSON.parse(await read('/getOrders?limit=200', key)) as { data?: { id: string }[] };
    for (const order of orders.data ?? []) await read(`/getOrderStatus?purchaseOrderId=${order.id}&includeQrImages=true`, key);
  }
  return answers;
}

describe('sandbox.exportScenario(): the state as a scenario file', () => {
  for (const scenario of ['default', 'delayed-provisioning', 'tier-pricing', 'low-balance']) {
    it(`reproduces every read once loaded with the same seed (${scenario})`, async () => {
      const sandbox = createSandbox({ scenario, seed: 5 });
      await buildState(sandbox);
      const exported = await sandbox.exportScenario();
      expect(validateScenario(JSON.parse(JSON.stringify(exported))), JSON.stringify(validateScenario.errors)).toBe(true);
      expect(exported).toMatchObject({ name: `${scenario}-export`, seed: 5, clock: { start: sandbox.now() } });

      const loaded = createSandbox({ scenario: exported, seed: 5 });
      const original = await readEverything(sandbox);
      expect(original.filter((line) => line.startsWith('/getOrderStatus') && line.includes(' 200 ')).length).toBeGreaterThanOrEqual(5);
      expect(await readEverything(loaded)).toEqual(original);
    });
  }

  it('gives a session the scenario keys, not its own', async () => {
    const { createSandboxHost } = await import('esim-wholesale-sandbox');
    const host = createSandboxHost({ scenario: 'default' });
    const session = host.createSession();
    const exported = await session.sandbox.exportScenario();
    expect(exported.apiKeys?.map((apiKey) => apiKey.key)).toEqual(KEYS);
  });
});
