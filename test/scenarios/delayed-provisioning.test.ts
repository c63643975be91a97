import { expect, it } from 'vitest';
import { describeBothModes } from '../support/modes.js';
import { expectSuccess, expectFirst } from '../support/expectations.js';

describeBothModes('scenario delayed-provisioning: eSIMs take 30 s of sandbox clock', (target) => {
  it('delayed-provisioning: createOrder answers without items; the order stays processing with pending items until the clock passes 30 s', async () => {
    const product = await expectFirst(await target().call('/getProducts?limit=1'));
    const created = await expectSuccess(await target().call('/createOrder', { json: { productId: product.id, quantity: 3 } }));
    expect(created).not.toHaveProperty('items');
    expect(created).toMatchObject({ reused: false, quantity: 3, unitPriceThb: product.currentUnitPriceThb });
    const status = () => target().call(`/getOrderStatus?purchaseOrderId=${created.purchaseOrderId}`);

    const pending = await expectSuccess(await status());
    expect(pending.status).toBe('processing');
    expect(pending.items.map((item) => item.status)).toEqual(['pending', 'pending', 'pending']);
    expect(pending.items[0]).toMatchObject({ iccid: null, activationCode: null, qrCode: null });
    const listed = await expectFirst(await target().call('/getOrders?limit=1'));
    expect(listed).toMatchObject({ id: created.purchaseOrderId, status: 'processing' });

    target().sandbox.advanceClock(20_000);
    expect((await expectSuccess(await status())).status).toBe('processing');

    target().sandbox.advanceClock(10_000);
    const done = await expectSuccess(await status());
    expect(done.status).toBe('confirmed');
    expect(done.items.map((item) => item.status)).toEqual(['provisioned', 'provisioned', 'provisioned']);
    expect(done.items[0]?.activationCode).toMatch(/^LPA:1\$/);
  });
}, { scenario: 'delayed-provisioning' });
