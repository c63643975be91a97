import { expect, it } from 'vitest';
import { describeBothModes } from '../support/modes.js';
import { expectError, expectSuccess } from '../support/expectations.js';

describeBothModes('scenario card-data-incomplete: the provider lacks card data for every product', (target) => {
  it('card-data-incomplete: every order is refused with 409 CARD_DATA_INCOMPLETE and nothing is charged', async () => {
    const products = await expectSuccess(await target().call('/getProducts?limit=200'));
    expect(products.length).toBeGreaterThan(0);
    const balance = await expectSuccess(await target().call('/getBalance'));
    const before = await target().sandbox.state();
    for (const product of products) {
      await expectError(
        await target().call('/createOrder', { json: { productId: product.id, quantity: 1 } }),
        409, 'CARD_DATA_INCOMPLETE', new RegExp(`card data of ${product.sku} is incomplete`),
      );
    }
    expect(await target().sandbox.state()).toEqual(before);
    expect(await expectSuccess(await target().call('/getBalance'))).toEqual(balance);
  });
}, { scenario: 'card-data-incomplete' });
