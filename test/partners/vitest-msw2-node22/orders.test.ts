import { expect } from 'vitest';
import { createSandboxTest } from 'esim-wholesale-sandbox/vitest';

// Every test gets the sandbox at the scenario's initial state; msw answers https://api.partner.test/api/v1 from it,
// and a request to anywhere else fails the test.
const test = createSandboxTest({ scenario: 'default', seed: 7 });
const baseUrl = 'https://api.partner.test/api/v1';
const headers = { 'x-api-key': 'sk_test_full_access', 'content-type': 'application/json' };

// Your client under test would make these calls.
const placeOrder = (quantity: number, idempotencyKey: string) =>
  fetch(`${baseUrl}/createOrder`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ productId: 'efd8480e-2903-458b-8ce3-156f0418df70', quantity, idempotencyKey }),
  });

test('an order is charged to the wallet', async ({ sandbox }) => {
  expect((await placeOrder(2, 'partner-order-0001')).status).toBe(200);
  const balance = await (await fetch(`${baseUrl}/getBalance`, { headers })).json();
  expect(balance.data.balanceThb).toBe(114060 - 2 * 233);
  expect(sandbox).toHaveReceived('createOrder', { times: 1, status: 200, body: { quantity: 2 } });
});

test('a sold-out product is refused', async ({ sandbox }) => {
  await sandbox.useScenario('empty-inventory'); // the next test starts from 'default' again
  expect((await placeOrder(1, 'partner-order-0002')).status).toBe(409);
  expect(sandbox).toHaveReceived('createOrder', { errorCode: 'INVENTORY_EMPTY' });
});

test('a call to an address the sandbox does not answer fails', async () => {
  const failure = await fetch('https://api.elsewhere.test/v1/ping').catch((error) => String(error.cause ?? error));
  expect(failure).toMatch(/\[MSW\] Cannot bypass a request when using the "error" strategy/);
});
