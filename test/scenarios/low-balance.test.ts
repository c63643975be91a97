import { expect, it } from 'vitest';
import { describeBothModes } from '../support/modes.js';
import { cents, expectError, expectSuccess } from '../support/expectations.js';


describeBothModes('scenario low-balance: the wallet holds a few hundred THB', (target) => {
  it('low-balance: the balance is small but positive, with the payment history and past orders of default', async () => {
    const balance = await expectSuccess(await target().call('/getBalance'));
    expect(balance).toMatchObject({ totalTopupsThb: 36_400, totalPurchasesThb: 35_940, balanceThb: 460 });
    expect(await expectSuccess(await target().call('/getPaymentHistory'))).toHaveLength(8);
    expect(await expectSuccess(await target().call('/getOrders'))).toHaveLength(4);
  });

  it('low-balance: a cheap order passes; a larger one gets 409 INSUFFICIENT_BALANCE and nothing is charged', async () => {
    const products = await expectSuccess(await target().call('/getProducts?limit=200'));
    const cheapest = products.reduce((min, product) => (product.currentUnitPriceThb < min.currentUnitPriceThb ? product : min));
    const before = await expectSuccess(await target().call('/getBalance'));
    expect(cheapest.currentUnitPriceThb).toBeLessThanOrEqual(before.balanceThb);

    const cheap = await expectSuccess(await target().call('/createOrder', { json: { productId: cheapest.id, quantity: 1 } }));
    expect(cheap.items).toHaveLength(1);
    const left = await expectSuccess(await target().call('/getBalance'));
    expect(cents(left.balanceThb)).toBe(cents(before.balanceThb) - cents(cheap.totalPriceThb!));
    expect(left.balanceThb).toBeGreaterThanOrEqual(0);

    const quantity = Math.floor(left.balanceThb / cheapest.currentUnitPriceThb) + 1;
    const state = await target().sandbox.state();
    await expectError(
      await target().call('/createOrder', { json: { productId: cheapest.id, quantity } }),
      409, 'INSUFFICIENT_BALANCE', /top up the wallet first/,
    );
    expect(await target().sandbox.state()).toEqual(state);
    expect(await expectSuccess(await target().call('/getBalance'))).toEqual(left);
  });
}, { scenario: 'low-balance' });
