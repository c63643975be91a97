import { expect, it } from 'vitest';
import { describeBothModes } from '../support/modes.js';
import { expectError, expectSuccess } from '../support/expectations.js';

describeBothModes('scenario empty-inventory: every product is sold out', (target) => {
  it('empty-inventory: every order is refused with 409 INVENTORY_EMPTY and nothing is charged', async () => {
    const products = await expectSuccess(await target().call('/getProducts?limit=200'));
    expect(products.length).toBeGreaterThan(0);
    const balance = await expectSuccess(await target().call('/getBalance'));
    const before = await target().sandbox.state();
    for (const product of products) {
      await expectError(
        await target().call('/createOrder', { json: { productId: product.id, quantity: 1, idempotencyKey: `sold-out-${product.sku}` } }),
        409, 'INVENTORY_EMPTY', new RegExp(`${product.sku} .*no eSIMs are left`),
      );
    }
    expect(await target().sandbox.state()).toEqual(before);
    expect(await expectSuccess(await target().call('/getBalance'))).toEqual(balance);
    expect(await expectSuccess(await target().call('/getOrders?limit=200'))).toHaveLength(4);
  });

  it('empty-inventory: reads work as in default', async () => {
    await expectSuccess(await target().call('/getPaymentHistory'));
    expect((await expectSuccess(await target().call('/getBalance'))).balanceThb).toBeGreaterThan(0);
  });
}, { scenario: 'empty-inventory' });
