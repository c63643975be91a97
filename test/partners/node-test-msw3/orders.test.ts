import assert from 'node:assert/strict';
import { after, before, beforeEach, test } from 'node:test';
import { setupServer } from 'msw/node';
import { createSandbox } from 'esim-wholesale-sandbox/msw';

const baseUrl = 'https://api.partner.test/api/v1';
const headers = { 'x-api-key': 'sk_test_full_access', 'content-type': 'application/json' };
const sandbox = createSandbox({ scenario: 'default', seed: 7 });
const server = setupServer(...sandbox.handlers(baseUrl));

let initial: Awaited<ReturnType<typeof sandbox.snapshot>>;
before(async () => {
  server.listen({ onUnhandledFrame: 'error' }); // msw 3; msw 2 calls it onUnhandledRequest
  initial = await sandbox.snapshot();
});
beforeEach(() => sandbox.restore(initial)); // every test starts from the same state, ~10× cheaper than reset()
after(() => server.close());

test('an order is charged to the wallet', async () => {
  const order = await fetch(`${baseUrl}/createOrder`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ productId: 'efd8480e-2903-458b-8ce3-156f0418df70', quantity: 2, idempotencyKey: 'partner-order-0001' }),
  });
  assert.equal(order.status, 200);
  const balance = await (await fetch(`${baseUrl}/getBalance`, { headers })).json();
  assert.equal(balance.data.balanceThb, 114060 - 2 * 233);
  const product = sandbox.db.products.findFirst((q) => q.where({ id: 'efd8480e-2903-458b-8ce3-156f0418df70' }));
  assert.equal(product?.inventory, 5000 - 2);
});

test('a sold-out product is refused', async () => {
  await sandbox.useScenario('empty-inventory');
  const order = await fetch(`${baseUrl}/createOrder`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ productId: 'efd8480e-2903-458b-8ce3-156f0418df70', quantity: 1, idempotencyKey: 'partner-order-0002' }),
  });
  assert.equal(order.status, 409);
  assert.equal((await order.json()).error.code, 'INVENTORY_EMPTY');
});
