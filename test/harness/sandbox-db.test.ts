import { describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from 'esim-wholesale-sandbox';

const PRODUCT_ID = 'efd8480e-2903-458b-8ce3-156f0418df70';
const order = (sandbox: Sandbox, quantity: number, idempotencyKey?: string) =>
  sandbox.fetch(
    new Request('http://sandbox.test/api/v1/createOrder', {
      method: 'POST',
      headers: { 'x-api-key': 'sk_test_full_access', 'content-type': 'application/json' },
      body: JSON.stringify({ productId: PRODUCT_ID, quantity, ...(idempotencyKey !== undefined && { idempotencyKey }) }),
    }),
  );

describe('sandbox.db: the @msw/data collections that hold the state', () => {
  it('holds the inventory left, the orders and the idempotency keys as the API changes them', async () => {
    const sandbox = createSandbox({ seed: 2 });
    await sandbox.state();
    const left = sandbox.db.products.findFirst((q) => q.where({ id: PRODUCT_ID }))!.inventory;
    const { accountId } = sandbox.db.apiKeys.findFirst((q) => q.where({ key: 'sk_test_full_access' }))!;
    const before = sandbox.db.orders.findMany((q) => q.where({ accountId })).length;

    const placed = (await (await order(sandbox, 3, 'db-order-key-0001')).json()) as { data: { purchaseOrderId: string } };
    await order(sandbox, 3, 'db-order-key-0001');

    expect(sandbox.db.products.findFirst((q) => q.where({ id: PRODUCT_ID }))!.inventory).toBe(left - 3);
    expect(sandbox.db.orders.findMany((q) => q.where({ accountId }))).toHaveLength(before + 1);
    expect(sandbox.db.orders.findFirst((q) => q.where({ id: placed.data.purchaseOrderId }))).toMatchObject({ status: 'confirmed', quantity: 3 });
    expect(sandbox.db.idempotencyKeys.findMany((q) => q.where({ key: 'db-order-key-0001' }))).toEqual([
      expect.objectContaining({ accountId, orderId: placed.data.purchaseOrderId, quantity: 3 }),
    ]);
  });

  it('keeps an order processing until the clock reaches its provisioning time, then confirmed', async () => {
    const sandbox = createSandbox({ scenario: 'delayed-provisioning', seed: 2 });
    const { purchaseOrderId } = ((await (await order(sandbox, 1)).json()) as { data: { purchaseOrderId: string } }).data;
    const stored = () => sandbox.db.orders.findFirst((q) => q.where({ id: purchaseOrderId }))!;
    expect(stored().status).toBe('processing');
    sandbox.advanceClock(sandbox.scenario.behavior.provisioning.delayMs);
    await sandbox.state(); // any call brings the records up to the clock
    expect(stored().status).toBe('confirmed');
  });

  it('is for reading: no writing methods, frozen records, and it follows a reset or a restore', async () => {
    const sandbox = createSandbox({ seed: 2 });
    await sandbox.state();
    const snapshot = await sandbox.snapshot();
    const count = sandbox.db.orders.count();
    // @ts-expect-error -- writes go through the API
    expect(sandbox.db.orders.create).toBeUndefined();
    const product = sandbox.db.products.all()[0]!;
    expect(() => Object.assign(product, { inventory: 1 })).toThrow(TypeError);
    sandbox.db.orders.all().length = 0; // a copy
    expect(sandbox.db.orders.count()).toBe(count);

    await order(sandbox, 1);
    expect(sandbox.db.orders.count()).toBe(count + 1);
    await sandbox.restore(snapshot);
    expect(sandbox.db.orders.count()).toBe(count);
  });
});
