import { beforeEach, expect, it } from 'vitest';
import { describeBothModes, type Target } from '../support/modes.js';
import { cents, FIELDS, UUID, expectError, expectOnlyFields, expectSuccess, expectFirst } from '../support/expectations.js';
import { expectRealisticEsim } from '../support/esim-checks.js';
import { decodeQrDataUrl } from '../support/qr.js';


async function firstProduct(target: Target) {
  return expectFirst(await target.call('/getProducts?limit=1'));
}

async function balanceOf(target: Target) {
  return expectSuccess(await target.call('/getBalance'));
}

describeBothModes('createOrder', (target) => {
  beforeEach(() => target().sandbox.reset());

  it('provisions the eSIMs at once and returns them, charging the wallet at the account price', async () => {
    const product = await firstProduct(target());
    const before = await balanceOf(target());
    const data = await expectSuccess(await target().call('/createOrder', { json: { productId: product.id, quantity: 3 } }));
    expectOnlyFields(data, FIELDS.createOrder, ['purchaseOrderId', 'reused']);
    expect(data.purchaseOrderId).toMatch(UUID);
    expect(data.reused).toBe(false);
    expect(data.quantity).toBe(3);
    expect(data.unitPriceThb).toBe(product.currentUnitPriceThb);
    expect(cents(data.totalPriceThb!)).toBe(3 * cents(product.currentUnitPriceThb));
    const items = data.items!;
    expect(items.map((item) => item.sequenceNo)).toEqual([1, 2, 3]);
    for (const item of items) {
      expectOnlyFields(item, FIELDS.createOrderItem, FIELDS.createOrderItem.filter((f) => f !== 'phone' && f !== 'qrBase64Url'));
      expect(item.provider).toBe(product.provider);
      expect(item).not.toHaveProperty('qrBase64Url');
      expectRealisticEsim(item);
    }
    expect(new Set(items.map((item) => item.iccid)).size).toBe(3);
    const after = await balanceOf(target());
    expect(cents(after.totalPurchasesThb) - cents(before.totalPurchasesThb)).toBe(cents(data.totalPriceThb!));
    expect(cents(after.balanceThb)).toBe(cents(before.balanceThb) - cents(data.totalPriceThb!));
  });

  it('includes QR images that decode to the activation code when includeQrImages is true', async () => {
    const product = await firstProduct(target());
    const data = await expectSuccess(
      await target().call('/createOrder', { json: { productId: product.id, quantity: 2, includeQrImages: true } }),
    );
    for (const item of data.items!) {
      expect(item.qrBase64Url).toMatch(/^data:image\/png;base64,/);
      expect(decodeQrDataUrl(item.qrBase64Url!)).toBe(item.activationCode);
    }
  });

  it('takes the ordered eSIMs out of the inventory', async () => {
    const product = await firstProduct(target());
    const stock = async () => (await target().sandbox.state()).products.find((p) => p.id === product.id)!.inventory;
    const before = await stock();
    await expectSuccess(await target().call('/createOrder', { json: { productId: product.id, quantity: 5 } }));
    expect(await stock()).toBe(before - 5);
  });

  it('replays the original order for a repeated idempotencyKey, without a second charge', async () => {
    const product = await firstProduct(target());
    const json = { productId: product.id, quantity: 2, idempotencyKey: 'order-0001-retry' };
    const first = await expectSuccess(await target().call('/createOrder', { json }));
    const balance = await balanceOf(target());
    const again = await expectSuccess(await target().call('/createOrder', { json }));
    expect(again).toEqual({ ...first, reused: true });
    expect(await balanceOf(target())).toEqual(balance);
    const orders = await expectSuccess(await target().call('/getOrders?limit=200'));
    expect(orders.filter((order) => order.id === first.purchaseOrderId)).toHaveLength(1);
  });

  it('returns the original order for a repeated key sent with a different body', async () => {
    const product = await firstProduct(target());
    const first = await expectSuccess(
      await target().call('/createOrder', { json: { productId: product.id, quantity: 1, idempotencyKey: 'same-key-123' } }),
    );
    const second = await expectSuccess(
      await target().call('/createOrder', { json: { productId: product.id, quantity: 7, idempotencyKey: 'same-key-123' } }),
    );
    expect(second.purchaseOrderId).toBe(first.purchaseOrderId);
    expect(second.quantity).toBe(1);
    expect(second.reused).toBe(true);
  });

  it('keeps idempotency keys per account: another account with the same key gets its own order', async () => {
    const product = await firstProduct(target());
    const second = '7c1f2b9e-2d44-4c1a-9b7e-3f5a6c8d9e01';
    await target().sandbox.useScenario({
      name: 'two-accounts',
      description: 'a second funded account',
      extends: 'default',
      accounts: [{ id: second, name: 'Second Partner Co., Ltd.' }],
      apiKeys: [{ key: 'sk_test_second_account', accountId: second, scopes: ['orders:write', 'orders:read', 'balance:read'] }],
      payments: [{ id: '0b6f3c55-8a1e-4d2f-9c3b-5e7a9d1f2c34', accountId: second, amountThb: 50000, paymentMethod: 'card', createdAt: '2026-01-02T10:00:00.000Z' }],
    });
    const json = { productId: product.id, quantity: 1, idempotencyKey: 'shared-key-1' };
    const mine = await expectSuccess(await target().call('/createOrder', { json }));
    const theirs = await expectSuccess(await target().call('/createOrder', { json, key: 'sk_test_second_account' }));
    expect(theirs.reused).toBe(false);
    expect(theirs.purchaseOrderId).not.toBe(mine.purchaseOrderId);
    await expectError(await target().call(`/getOrderStatus?purchaseOrderId=${mine.purchaseOrderId}`, { key: 'sk_test_second_account' }), 404, 'ORDER_NOT_FOUND');
    await target().sandbox.useScenario('default');
  });

  const invalidBodies: Array<[string, unknown, string | RegExp]> = [
    ['productId missing', { quantity: 1 }, 'productId is required: a product id (UUID) from /getProducts'],
    ['productId not a UUID', { productId: 'abc', quantity: 1 }, 'productId must be a product id (UUID) from /getProducts (got "abc")'],
    ['quantity missing', { productId: '11111111-1111-4111-8111-111111111111' }, 'quantity is required: an integer from 1 to 2000'],
    ['quantity 0', { productId: '11111111-1111-4111-8111-111111111111', quantity: 0 }, 'quantity must be an integer from 1 to 2000 (got 0)'],
    ['quantity 2001', { productId: '11111111-1111-4111-8111-111111111111', quantity: 2001 }, 'quantity must be an integer from 1 to 2000 (got 2001)'],
    ['quantity 1.5', { productId: '11111111-1111-4111-8111-111111111111', quantity: 1.5 }, 'quantity must be an integer from 1 to 2000 (got 1.5)'],
    ['quantity a string', { productId: '11111111-1111-4111-8111-111111111111', quantity: '5' }, 'quantity must be an integer from 1 to 2000 (got "5")'],
    ['idempotencyKey of 7 characters', { productId: '11111111-1111-4111-8111-111111111111', quantity: 1, idempotencyKey: '1234567' }, 'idempotencyKey must be a string of 8 to 120 characters (got "1234567")'],
    ['idempotencyKey of 121 characters', { productId: '11111111-1111-4111-8111-111111111111', quantity: 1, idempotencyKey: 'k'.repeat(121) }, /idempotencyKey must be a string of 8 to 120 characters/],
    ['includeQrImages a string', { productId: '11111111-1111-4111-8111-111111111111', quantity: 1, includeQrImages: 'yes' }, 'includeQrImages must be a boolean (true or false) (got "yes")'],
    ['an unknown field', { productId: '11111111-1111-4111-8111-111111111111', quantity: 1, qty: 2 }, 'unknown field "qty" (allowed: productId, quantity, idempotencyKey, includeQrImages)'],
    ['an array body', [1, 2], 'request body must be a JSON object with productId and quantity'],
    ['a null body', null, 'request body must be a JSON object with productId and quantity'],
  ];
  for (const [name, json, message] of invalidBodies) {
    it(`refuses a body with ${name} with 400 VALIDATION_ERROR`, async () => {
      const before = await target().sandbox.state();
      await expectError(await target().call('/createOrder', { json }), 400, 'VALIDATION_ERROR', message);
      expect(await target().sandbox.state()).toEqual(before);
    });
  }

  it('refuses an unknown or inactive productId, naming productId', async () => {
    await expectError(
      await target().call('/createOrder', { json: { productId: '11111111-1111-4111-8111-111111111111', quantity: 1 } }),
      400, 'VALIDATION_ERROR', /^productId 11111111-1111-4111-8111-111111111111 is not an active product/,
    );
    const inactive = target().sandbox.scenario.products.find((p) => !p.active)!;
    await expectError(await target().call('/createOrder', { json: { productId: inactive.id, quantity: 1 } }), 400, 'VALIDATION_ERROR', /productId/);
  });

  it('refuses malformed JSON, an empty body, a wrong content type and an oversize body', async () => {
    const post = (body: string, contentType = 'application/json') =>
      target().call('/createOrder', { method: 'POST', body, headers: { 'content-type': contentType } });
    await expectError(await post('{"productId": '), 400, 'VALIDATION_ERROR', /^request body is not valid JSON/);
    await expectError(await post(''), 400, 'VALIDATION_ERROR', 'request body is empty: send a JSON object');
    await expectError(await post('productId=1', 'application/x-www-form-urlencoded'), 415, 'UNSUPPORTED_MEDIA_TYPE', /Content-Type must be application\/json/);
    await expectError(await post(`{"pad":"${'x'.repeat(1024 * 1024)}"}`), 413, 'PAYLOAD_TOO_LARGE', /1 MiB/);
  });

  it('refuses an order the inventory cannot cover with 409 INVENTORY_EMPTY, charging nothing', async () => {
    const product = await firstProduct(target());
    await target().sandbox.useScenario({ name: 'low-stock', description: 'two left', extends: 'default', inventory: { [product.id]: 2 } });
    const before = await target().sandbox.state();
    await expectError(await target().call('/createOrder', { json: { productId: product.id, quantity: 3 } }), 409, 'INVENTORY_EMPTY', /only 2 eSIMs are left/);
    expect(await target().sandbox.state()).toEqual(before);
    await expectSuccess(await target().call('/createOrder', { json: { productId: product.id, quantity: 2 } }));
    await expectError(await target().call('/createOrder', { json: { productId: product.id, quantity: 1 } }), 409, 'INVENTORY_EMPTY', /no eSIMs are left/);
    await target().sandbox.useScenario('default');
  });

  it('refuses a product with incomplete card data with 409 CARD_DATA_INCOMPLETE', async () => {
    const product = await firstProduct(target());
    await target().sandbox.useScenario({ name: 'cards', description: 'bad cards', extends: 'default', products: [{ id: product.id, cardDataComplete: false }] });
    const before = await target().sandbox.state();
    await expectError(await target().call('/createOrder', { json: { productId: product.id, quantity: 1 } }), 409, 'CARD_DATA_INCOMPLETE');
    expect(await target().sandbox.state()).toEqual(before);
    await target().sandbox.useScenario('default');
  });

  it('refuses an order above the balance with 409 INSUFFICIENT_BALANCE, charging nothing', async () => {
    const products = await expectSuccess(await target().call('/getProducts?limit=200'));
    const dearest = products.reduce((a, b) => (a.currentUnitPriceThb > b.currentUnitPriceThb ? a : b));
    const balance = await balanceOf(target());
    const quantity = Math.min(2000, Math.floor(balance.balanceThb / dearest.currentUnitPriceThb) + 1);
    expect(quantity * dearest.currentUnitPriceThb).toBeGreaterThan(balance.balanceThb);
    const before = await target().sandbox.state();
    await expectError(
      await target().call('/createOrder', { json: { productId: dearest.id, quantity } }),
      409, 'INSUFFICIENT_BALANCE', /does not cover the order total/,
    );
    expect(await target().sandbox.state()).toEqual(before);
  });
});
