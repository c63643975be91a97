import { beforeAll, expect, it } from 'vitest';
import type { Schemas } from '../support/json.js';
import { describeBothModes } from '../support/modes.js';
import { FIELDS, ISO_DATE_TIME, UUID, expectError, expectOnlyFields, expectSuccess, expectFirst } from '../support/expectations.js';
import { expectRealisticEsim } from '../support/esim-checks.js';
import { decodeQrDataUrl } from '../support/qr.js';

describeBothModes('getOrderStatus and getOrders', (target) => {
  let created: Schemas['CreateOrderResponse'];
  beforeAll(async () => {
    await target().sandbox.reset();
    const product = await expectFirst(await target().call('/getProducts?limit=1'));
    created = await expectSuccess(await target().call('/createOrder', { json: { productId: product.id, quantity: 2 } }));
  });

  it('answers one order with its eSIMs, exactly the spec fields', async () => {
    const order = await expectSuccess(await target().call(`/getOrderStatus?purchaseOrderId=${created.purchaseOrderId}`));
    expectOnlyFields(order, FIELDS.order, FIELDS.order);
    expect(order).toMatchObject({ id: created.purchaseOrderId, status: 'confirmed', orderSource: 'api', quantity: 2 });
    expect(order.unitPriceThb).toBe(created.unitPriceThb);
    expect(order.totalPriceThb).toBe(created.totalPriceThb);
    expect(order.createdAt).toMatch(ISO_DATE_TIME);
    expectOnlyFields(order.product, ['name', 'sku'], ['name', 'sku']);
    expect(order.items).toHaveLength(2);
    order.items.forEach((item, index) => {
      expectOnlyFields(item, FIELDS.esimItem, ['id', 'sequenceNo', 'status']);
      expect(item.id).toMatch(UUID);
      expect(item).not.toHaveProperty('qrBase64Url');
      const { id, ...rest } = item;
      expect(rest).toEqual(created.items?.[index]);
      expectRealisticEsim(item);
    });
  });

  it('adds QR images with includeQrImages=true', async () => {
    const order = await expectSuccess(
      await target().call(`/getOrderStatus?purchaseOrderId=${created.purchaseOrderId}&includeQrImages=true`),
    );
    for (const item of order.items) expect(decodeQrDataUrl(item.qrBase64Url!)).toBe(item.activationCode);
    const without = await expectSuccess(
      await target().call(`/getOrderStatus?purchaseOrderId=${created.purchaseOrderId}&includeQrImages=false`),
    );
    expect(without.items[0]).not.toHaveProperty('qrBase64Url');
  });

  it('finds an order by its purchaseOrderId in upper case, and answers the id as it was given out', async () => {
    const upper = String(created.purchaseOrderId).toUpperCase();
    expect(upper).not.toBe(created.purchaseOrderId);
    const order = await expectSuccess(await target().call(`/getOrderStatus?purchaseOrderId=${upper}`));
    expect(order.id).toBe(created.purchaseOrderId);
    expect(order).toEqual(await expectSuccess(await target().call(`/getOrderStatus?purchaseOrderId=${created.purchaseOrderId}`)));
  });

  it('refuses a missing or malformed purchaseOrderId with 400, and an unknown one with 404 ORDER_NOT_FOUND', async () => {
    await expectError(await target().call('/getOrderStatus'), 400, 'VALIDATION_ERROR', 'purchaseOrderId is required: an order id (UUID) as returned by /createOrder');
    await expectError(await target().call('/getOrderStatus?purchaseOrderId=42'), 400, 'VALIDATION_ERROR', 'purchaseOrderId must be an order id (UUID) as returned by /createOrder (got "42")');
    await expectError(
      await target().call(`/getOrderStatus?purchaseOrderId=${created.purchaseOrderId}&includeQrImages=yes`),
      400, 'VALIDATION_ERROR', 'includeQrImages must be "true" or "false" (got "yes")',
    );
    await expectError(
      await target().call('/getOrderStatus?purchaseOrderId=5b0e1d3c-7a2f-4e8b-9c1d-2f3a4b5c6d7e'),
      404, 'ORDER_NOT_FOUND', /no order 5b0e1d3c-7a2f-4e8b-9c1d-2f3a4b5c6d7e in this account/,
    );
  });

  it('lists orders newest first with their items, honouring limit', async () => {
    const orders = await expectSuccess(await target().call('/getOrders'));
    expect(orders.length).toBeGreaterThan(1);
    expect(orders[0]?.id).toBe(created.purchaseOrderId);
    for (const order of orders) {
      expectOnlyFields(order, FIELDS.order, FIELDS.order);
      expect(order.items).toHaveLength(order.status === 'failed' ? 0 : order.quantity);
    }
    const keys = orders.map((o) => `${o.createdAt} ${o.id}`);
    expect(keys).toEqual([...keys].sort().reverse());
    expect(await expectSuccess(await target().call('/getOrders?limit=1'))).toHaveLength(1);
    await expectError(await target().call('/getOrders?limit=500'), 400, 'VALIDATION_ERROR', 'limit must be an integer from 1 to 200 (got "500")');
    await expectError(await target().call('/getOrders?includeQrImages=1'), 400, 'VALIDATION_ERROR', /includeQrImages must be "true" or "false"/);
  });

  it('shows the past orders of the scenario, from the web console too', async () => {
    const orders = await expectSuccess(await target().call('/getOrders?limit=200'));
    expect(orders.some((order) => order.orderSource === 'web')).toBe(true);
  });
});
