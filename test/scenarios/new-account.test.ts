import { expect, it } from 'vitest';
import { describeBothModes } from '../support/modes.js';
import { cents, expectError, expectSuccess, expectFirst } from '../support/expectations.js';


describeBothModes('scenario new-account: no payments, no orders', (target) => {
  it('new-account: the balance is 0 and the payment history and order list are empty', async () => {
    expect(await expectSuccess(await target().call('/getBalance'))).toEqual({
      accountId: '8d4b3cde-a72c-4320-bde3-f1a196918388', totalTopupsThb: 0, totalPurchasesThb: 0, balanceThb: 0,
    });
    expect(await expectSuccess(await target().call('/getPaymentHistory'))).toEqual([]);
    expect(await expectSuccess(await target().call('/getOrders'))).toEqual([]);
    expect((await expectSuccess(await target().call('/getProducts'))).length).toBeGreaterThan(0);
  });

  it('new-account: createOrder gets 409 INSUFFICIENT_BALANCE until a topup, then passes', async () => {
    await target().sandbox.reset();
    const product = await expectFirst(await target().call('/getProducts?limit=1'));
    const json = { productId: product.id, quantity: 2 };
    await expectError(await target().call('/createOrder', { json }), 409, 'INSUFFICIENT_BALANCE', /wallet balance 0\.00 THB/);
    expect(await expectSuccess(await target().call('/getOrders'))).toEqual([]);

    await target().sandbox.topup({ apiKey: 'sk_test_full_access', amountThb: 5000 });
    const payment = await expectFirst(await target().call('/getPaymentHistory'));
    expect(payment).toMatchObject({ walletCreditThb: 5000, status: 'success', paymentMethod: 'promptpay' });
    const order = await expectSuccess(await target().call('/createOrder', { json }));
    expect(order.items).toHaveLength(2);
    const balance = await expectSuccess(await target().call('/getBalance'));
    expect(balance.totalTopupsThb).toBe(5000);
    expect(cents(balance.balanceThb)).toBe(cents(5000) - cents(order.totalPriceThb!));
  });
}, { scenario: 'new-account' });
