import { it } from 'vitest';
import { describeBothModes } from '../support/modes.js';
import { expectError } from '../support/expectations.js';

const PAST_ORDER_ID = 'abbc82d0-c76b-46e7-96d9-d8a7d2a4fc07';

describeBothModes('scenario kyc-pending: the main account awaits KYC approval', (target) => {
  it('kyc-pending: every route answers 403 KYC_REQUIRED for sk_test_full_access', async () => {
    const calls = [
      target().call('/getBalance'),
      target().call('/getProducts'),
      target().call('/getPaymentHistory'),
      target().call('/createOrder', { json: { productId: 'efd8480e-2903-458b-8ce3-156f0418df70', quantity: 1 } }),
      target().call(`/getOrderStatus?purchaseOrderId=${PAST_ORDER_ID}`),
      target().call('/getOrders'),
    ];
    for (const response of await Promise.all(calls)) await expectError(response, 403, 'KYC_REQUIRED', /KYC approval is required/);
  });

  it('kyc-pending: KYC is checked before scopes and the request body', async () => {
    await expectError(await target().call('/createOrder', { key: 'sk_test_read_only', json: {} }), 403, 'KYC_REQUIRED');
    await expectError(await target().call('/createOrder', { json: { quantity: 'many' } }), 403, 'KYC_REQUIRED');
  });
}, { scenario: 'kyc-pending' });
