import { expect, it } from 'vitest';
import { describeBothModes } from '../support/modes.js';
import { expectError, expectSuccess } from '../support/expectations.js';

const ROUTES = [
  { path: '/getBalance', scope: 'balance:read' },
  { path: '/getProducts', scope: 'products:read' },
  { path: '/getPaymentHistory', scope: 'payments:read' },
  { path: '/createOrder', scope: 'orders:write', method: 'POST' },
  { path: '/getOrderStatus?purchaseOrderId=00000000-0000-4000-8000-000000000000', scope: 'orders:read' },
  { path: '/getOrders', scope: 'orders:read' },
];

describeBothModes('authentication and scopes', (target) => {
  for (const route of ROUTES) {
    const init = route.method === 'POST' ? { json: {} } : {};
    it(`refuses ${route.path} without an x-api-key with 401 UNAUTHORIZED`, async () => {
      await expectError(await target().call(route.path, { ...init, key: null }), 401, 'UNAUTHORIZED', /Missing API key/);
    });
    it(`refuses ${route.path} with an unknown key with 401 UNAUTHORIZED`, async () => {
      await expectError(await target().call(route.path, { ...init, key: 'sk_test_nobody' }), 401, 'UNAUTHORIZED', /Invalid API key/);
    });
    it(`refuses ${route.path} with a revoked key with 401 UNAUTHORIZED`, async () => {
      await expectError(await target().call(route.path, { ...init, key: 'sk_test_revoked' }), 401, 'UNAUTHORIZED', /revoked/);
    });
    it(`refuses ${route.path} for an account without KYC approval with 403 KYC_REQUIRED`, async () => {
      await expectError(await target().call(route.path, { ...init, key: 'sk_test_kyc_pending' }), 403, 'KYC_REQUIRED');
    });
  }

  it('refuses createOrder to a read-only key with the exact missing-scope message', async () => {
    const products = await expectSuccess(await target().call('/getProducts?limit=1', { key: 'sk_test_read_only' }));
    const response = await target().call('/createOrder', {
      key: 'sk_test_read_only',
      json: { productId: products[0]!.id, quantity: 1 },
    });
    await expectError(response, 403, 'FORBIDDEN_SCOPE', 'Missing required scope: orders:write');
  });

  it('lets a read-only key use the four read routes', async () => {
    for (const path of ['/getBalance', '/getProducts', '/getPaymentHistory', '/getOrders']) {
      expect((await target().call(path, { key: 'sk_test_read_only' })).status, path).toBe(200);
    }
  });

  it('checks KYC before the scope', async () => {
    await expectError(
      await target().call('/createOrder', { key: 'sk_test_kyc_pending', json: {} }),
      403,
      'KYC_REQUIRED',
    );
  });
});
