import { beforeEach, expect, it } from 'vitest';
import { createSandbox } from 'esim-wholesale-sandbox';
import { describeBothModes, type Target } from '../support/modes.js';
import { expectFirst, expectSuccess } from '../support/expectations.js';
import { virtualWallClock } from '../support/virtual-wall-clock.js';

const clock = virtualWallClock();

const DELAYED = {
  name: 'delayed-5s',
  description: 'Default with 5 s provisioning and idempotency keys remembered for 10 s.',
  extends: 'default',
  behavior: { provisioning: { mode: 'delayed' as const, delayMs: 5000 }, idempotencyTtlMs: 10_000 },
};

async function placeOrder(target: Target, idempotencyKey = 'clock-order-0001') {
  const product = await expectFirst(await target.call('/getProducts?limit=1'));
  const created = await expectSuccess(await target.call('/createOrder', { json: { productId: product.id, quantity: 1, idempotencyKey } }));
  return { product, purchaseOrderId: created.purchaseOrderId };
}

const statusOf = async (target: Target, id: string) => (await expectSuccess(await target.call(`/getOrderStatus?purchaseOrderId=${id}`))).status;

describeBothModes('clock mode wall: delays and windows are elapsed time, however often a client calls', (target) => {
  beforeEach(() => target().sandbox.reset());

  it('an order with a 5 s provisioning delay stays processing through 50 polls, and is confirmed once 5 s have passed', async () => {
    expect(target().sandbox.clockMode).toBe('wall');
    const { purchaseOrderId } = await placeOrder(target());
    for (let poll = 0; poll < 50; poll++) expect(await statusOf(target(), purchaseOrderId)).toBe('processing');
    await clock.sleep(4_999);
    expect(await statusOf(target(), purchaseOrderId)).toBe('processing');
    await clock.sleep(1);
    expect(await statusOf(target(), purchaseOrderId)).toBe('confirmed');
  });

  it('advanceClock still jumps the clock: the order is confirmed without waiting', async () => {
    const { purchaseOrderId } = await placeOrder(target());
    target().sandbox.advanceClock(5_000);
    expect(await statusOf(target(), purchaseOrderId)).toBe('confirmed');
  });

  it('the sandbox clock does not move with requests, only with time', async () => {
    const before = target().sandbox.now();
    for (let call = 0; call < 20; call++) await expectSuccess(await target().call('/getBalance'));
    expect(target().sandbox.now()).toBe(before);
    await clock.sleep(1_500);
    expect(Date.parse(target().sandbox.now()) - Date.parse(before)).toBe(1_500);
  });

  it('an idempotency key remembered for 10 s replays within 10 s of elapsed time and places a new order after', async () => {
    const { product } = await placeOrder(target(), 'clock-order-ttl1');
    const json = { productId: product.id, quantity: 1, idempotencyKey: 'clock-order-ttl1' };
    for (let call = 0; call < 30; call++) await expectSuccess(await target().call('/getBalance'));
    expect((await expectSuccess(await target().call('/createOrder', { json }))).reused).toBe(true);
    await clock.sleep(10_001);
    expect((await expectSuccess(await target().call('/createOrder', { json }))).reused).toBe(false);
  });
}, { scenario: DELAYED, clock: 'wall', wallClock: clock.now });

describeBothModes('clock mode step (the default): the clock moves a step per answered request', (target) => {
  beforeEach(() => target().sandbox.reset());

  it('the same order is confirmed after five answered requests, without any time passing', async () => {
    expect(target().sandbox.clockMode).toBe('step');
    const { purchaseOrderId } = await placeOrder(target());
    const statuses: string[] = [];
    for (let poll = 0; poll < 5; poll++) statuses.push(await statusOf(target(), purchaseOrderId));
    expect(statuses).toEqual(['processing', 'processing', 'processing', 'processing', 'confirmed']);
  });

  it('switched to wall at run time, the clock stops moving with requests and keeps its time', async () => {
    await expectSuccess(await target().call('/getBalance'));
    const before = target().sandbox.now();
    target().sandbox.setClockMode('wall');
    expect(target().sandbox.now()).toBe(before);
    await expectSuccess(await target().call('/getBalance'));
    expect(target().sandbox.now()).toBe(before);
    await clock.sleep(2_000);
    expect(Date.parse(target().sandbox.now()) - Date.parse(before)).toBe(2_000);
    target().sandbox.setClockMode('step');
    await target().sandbox.reset();
    expect(target().sandbox.clockMode).toBe('step');
  });
}, { scenario: DELAYED, wallClock: clock.now });

it('createSandbox refuses an unknown clock mode, naming the allowed ones', () => {
  expect(() => createSandbox({ clock: 'fast' as never })).toThrow('clock must be "step" (a fixed step per answered request) or "wall" (real elapsed time) (got "fast")');
  const sandbox = createSandbox();
  expect(() => sandbox.setClockMode('' as never)).toThrow(/the clock mode must be "step" .* or "wall" .* \(got ""\)/);
  expect(sandbox.clockMode).toBe('step');
});
