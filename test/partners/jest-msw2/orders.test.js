import { afterAll, beforeAll, beforeEach, expect, test } from '@jest/globals';
import { setupServer } from 'msw/node';
import { createSandbox } from 'esim-wholesale-sandbox/msw';

const baseUrl = 'https://api.partner.test/api/v1';
const headers = { 'x-api-key': 'sk_test_full_access', 'content-type': 'application/json' };
const sandbox = createSandbox({ scenario: 'default', seed: 7 });
const server = setupServer(...sandbox.handlers(baseUrl));

let initial;
beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' }); // msw 2; msw 3 calls it onUnhandledFrame
  initial = await sandbox.snapshot();
});
beforeEach(() => sandbox.restore(initial)); // every test starts from the same state, ~10× cheaper than reset()
afterAll(() => server.close());

test('an order is charged to the wallet', async () => {
  const order = await fetch(`${baseUrl}/createOrder`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ productId: 'efd8480e-2903-458b-8ce3-156f0418df70', quantity: 2, idempotencyKey: 'partner-order-0001' }),
  });
  expect(order.status).toBe(200);
  const balance = await (await fetch(`${baseUrl}/getBalance`, { headers })).json();
  expect(balance.data.balanceThb).toBe(114060 - 2 * 233);
  const product = sandbox.db.products.findFirst((q) => q.where({ id: 'efd8480e-2903-458b-8ce3-156f0418df70' }));
  expect(product.inventory).toBe(5000 - 2);
});

test('a sold-out product is refused', async () => {
  await sandbox.useScenario('empty-inventory');
  const order = await fetch(`${baseUrl}/createOrder`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ productId: 'efd8480e-2903-458b-8ce3-156f0418df70', quantity: 1, idempotencyKey: 'partner-order-0002' }),
  });
  expect(order.status).toBe(409);
  expect((await order.json()).error.code).toBe('INVENTORY_EMPTY');
});
