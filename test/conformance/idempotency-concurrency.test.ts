import { expect, it } from 'vitest';
import { describeBothModes } from '../support/modes.js';
import { cents, expectSuccess, expectFirst } from '../support/expectations.js';


describeBothModes('idempotency under concurrency', (target) => {
  it('creates exactly one order and one charge for 50 parallel requests with one key', async () => {
    await target().sandbox.reset();
    const product = await expectFirst(await target().call('/getProducts?limit=1'));
    const before = await expectSuccess(await target().call('/getBalance'));
    const ordersBefore = (await expectSuccess(await target().call('/getOrders?limit=200'))).length;
    const json = { productId: product.id, quantity: 2, idempotencyKey: 'parallel-key-0001' };
    const answers = await Promise.all(
      Array.from({ length: 50 }, async () => expectSuccess(await target().call('/createOrder', { json }))),
    );
    expect(new Set(answers.map((answer) => answer.purchaseOrderId)).size).toBe(1);
    expect(answers.filter((answer) => answer.reused === false)).toHaveLength(1);
    const after = await expectSuccess(await target().call('/getBalance'));
    expect(cents(before.balanceThb) - cents(after.balanceThb)).toBe(cents(answers[0]!.totalPriceThb!));
    expect((await expectSuccess(await target().call('/getOrders?limit=200'))).length).toBe(ordersBefore + 1);
  });

  it('never oversells inventory nor overdraws the wallet under parallel orders', async () => {
    const product = await expectFirst(await target().call('/getProducts?limit=1'));
    await target().sandbox.useScenario({ name: 'scarce', description: 'ten left', extends: 'default', inventory: { [product.id]: 10 } });
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => target().call('/createOrder', { json: { productId: product.id, quantity: 1 } })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(20);
    const state = await target().sandbox.state();
    expect(state.products.find((p) => p.id === product.id)?.inventory).toBe(0);
    await target().sandbox.useScenario('default');
  });
});
