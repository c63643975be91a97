import { expect, it } from 'vitest';
import { describeBothModes } from '../support/modes.js';
import { cents, expectSuccess } from '../support/expectations.js';


describeBothModes('scenario default: everything works for sk_test_full_access', (target) => {
  it('default: the funded main account reads balance, products, payments and orders, and an order is provisioned and charged', async () => {
    const balance = await expectSuccess(await target().call('/getBalance'));
    expect(balance).toEqual({ accountId: '8d4b3cde-a72c-4320-bde3-f1a196918388', totalTopupsThb: 150_000, totalPurchasesThb: 35_940, balanceThb: 114_060 });
    const products = await expectSuccess(await target().call('/getProducts'));
    expect(products).toHaveLength(23);
    expect(await expectSuccess(await target().call('/getPaymentHistory'))).toHaveLength(8);
    expect(await expectSuccess(await target().call('/getOrders'))).toHaveLength(4);

    const created = await expectSuccess(await target().call('/createOrder', { json: { productId: products[0]!.id, quantity: 2 } }));
    expect(created).toMatchObject({ reused: false, quantity: 2, unitPriceThb: products[0]!.currentUnitPriceThb });
    expect(created.items?.map((item) => item.status)).toEqual(['provisioned', 'provisioned']);
    const after = await expectSuccess(await target().call('/getBalance'));
    expect(cents(after.balanceThb)).toBe(cents(balance.balanceThb) - cents(created.totalPriceThb!));
    const order = await expectSuccess(await target().call(`/getOrderStatus?purchaseOrderId=${created.purchaseOrderId}`));
    expect(order).toMatchObject({ status: 'confirmed', orderSource: 'api', quantity: 2 });
  });
}, { scenario: 'default' });
