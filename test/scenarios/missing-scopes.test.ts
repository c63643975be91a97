import { expect, it } from 'vitest';
import { describeBothModes, type Target } from '../support/modes.js';
import { expectError } from '../support/expectations.js';

const PAST_ORDER_ID = 'abbc82d0-c76b-46e7-96d9-d8a7d2a4fc07';
const PRODUCT_ID = 'efd8480e-2903-458b-8ce3-156f0418df70';

/** One call of each route, with the scope it needs. */
const ROUTES = [
  { scope: 'balance:read', call: (target: Target, key: string) => target.call('/getBalance', { key }) },
  { scope: 'products:read', call: (target: Target, key: string) => target.call('/getProducts?limit=1', { key }) },
  { scope: 'payments:read', call: (target: Target, key: string) => target.call('/getPaymentHistory?limit=1', { key }) },
  { scope: 'orders:write', call: (target: Target, key: string) => target.call('/createOrder', { key, json: { productId: PRODUCT_ID, quantity: 1 } }) },
  { scope: 'orders:read', call: (target: Target, key: string) => target.call(`/getOrderStatus?purchaseOrderId=${PAST_ORDER_ID}`, { key }) },
  { scope: 'orders:read', call: (target: Target, key: string) => target.call('/getOrders?limit=1', { key }) },
] as const;

const KEYS = [
  ['sk_test_no_balance_read', 'balance:read'],
  ['sk_test_no_products_read', 'products:read'],
  ['sk_test_no_payments_read', 'payments:read'],
  ['sk_test_no_orders_write', 'orders:write'],
  ['sk_test_no_orders_read', 'orders:read'],
] as const;

describeBothModes('scenario missing-scopes: one key per missing scope', (target) => {
  it.each(KEYS)('missing-scopes: %s gets 403 FORBIDDEN_SCOPE "Missing required scope: %s" on the routes needing it, and 200 on the others', async (key, missing) => {
    for (const route of ROUTES) {
      const response = await route.call(target(), key);
      if (route.scope === missing) await expectError(response, 403, 'FORBIDDEN_SCOPE', `Missing required scope: ${missing}`);
      else expect(response.status, `${key} on a route needing ${route.scope}`).toBe(200);
    }
  });

  it('missing-scopes: sk_test_full_access still has every scope', async () => {
    for (const route of ROUTES) expect((await route.call(target(), 'sk_test_full_access')).status).toBe(200);
  });
}, { scenario: 'missing-scopes' });
