import { beforeEach, expect, it } from 'vitest';
import { loadScenario } from 'esim-wholesale-sandbox';
import { describeBothModes, type Target } from '../support/modes.js';
import { cents, expectError, expectSuccess } from '../support/expectations.js';
import { virtualWallClock } from '../support/virtual-wall-clock.js';

const clock = virtualWallClock();

async function productOf(target: Target): Promise<{ id: string; currentUnitPriceThb: number }> {
  return (await expectSuccess<any[]>(await target.call('/getProducts?limit=1')))[0];
}

describeBothModes('scenario readiness-drill: the failures one run of a partner\'s tests meets, counted per route from start or reset', (target) => {
  beforeEach(() => target().sandbox.reset());

  it('readiness-drill: createOrder call 1 is committed and charged but its answer lost; call 2 with the same key replays it', async () => {
    const product = await productOf(target());
    const before = await expectSuccess(await target().call('/getBalance'));
    const json = { productId: product.id, quantity: 2, idempotencyKey: 'drill-order-0001' };
    await expect(target().call('/createOrder', { json })).rejects.toThrow(TypeError);
    const replay = await expectSuccess(await target().call('/createOrder', { json }));
    expect(replay).toMatchObject({ reused: true, quantity: 2 });
    const [listed] = await expectSuccess<any[]>(await target().call('/getOrders?limit=1'));
    expect(listed.id).toBe(replay.purchaseOrderId);
    await expectError(await target().call('/getBalance'), 503, 'SERVICE_UNAVAILABLE'); // the drill's getBalance call 2
    const charged = await expectSuccess(await target().call('/getBalance'));
    expect(cents(charged.balanceThb)).toBe(cents(before.balanceThb) - 2 * cents(product.currentUnitPriceThb));
  });

  it('readiness-drill: createOrder call 3 answers 503 SERVICE_UNAVAILABLE and changes nothing; call 4 places the order', async () => {
    const product = await productOf(target());
    const first = { productId: product.id, quantity: 1, idempotencyKey: 'drill-order-0001' };
    await target().call('/createOrder', { json: first }).catch(() => undefined);
    await expectSuccess(await target().call('/createOrder', { json: first }));
    const state = await target().sandbox.state();
    const third = { productId: product.id, quantity: 1, idempotencyKey: 'drill-order-0002' };
    await expectError(await target().call('/createOrder', { json: third }), 503, 'SERVICE_UNAVAILABLE', /retry later/);
    expect(await target().sandbox.state()).toEqual(state);
    expect((await expectSuccess(await target().call('/createOrder', { json: third }))).reused).toBe(false);
  });

  it('readiness-drill: getBalance call 2 answers 503; calls 1 and 3 answer', async () => {
    await expectSuccess(await target().call('/getBalance'));
    await expectError(await target().call('/getBalance'), 503, 'SERVICE_UNAVAILABLE');
    await expectSuccess(await target().call('/getBalance'));
  });

  it('readiness-drill: getProducts call 2 answers 429 RATE_LIMITED with Retry-After: 1, and so does every call within that second; then it answers', async () => {
    await productOf(target());
    const limited = await target().call('/getProducts?limit=1');
    expect(limited.headers.get('retry-after')).toBe('1');
    await expectError(limited, 429, 'RATE_LIMITED', 'rate limit reached; retry after 1 s');
    await clock.sleep(999);
    await expectError(await target().call('/getProducts?limit=1'), 429, 'RATE_LIMITED');
    await clock.sleep(1);
    await productOf(target());
  });

  it('readiness-drill: an order is processing with pending items for 5 s of real time, however often a client polls', async () => {
    expect(target().sandbox.clockMode).toBe('wall');
    const product = await productOf(target());
    const json = { productId: product.id, quantity: 1, idempotencyKey: 'drill-order-0001' };
    await target().call('/createOrder', { json }).catch(() => undefined);
    const { purchaseOrderId } = await expectSuccess(await target().call('/createOrder', { json }));
    const statuses: string[] = [];
    for (let poll = 0; poll < 12; poll++) {
      const order = await expectSuccess(await target().call(`/getOrderStatus?purchaseOrderId=${purchaseOrderId}`));
      statuses.push(`${order.status}/${order.items[0]!.status}`);
      await clock.sleep(poll < 10 ? 100 : 4_000);
    }
    expect(statuses).toEqual([...Array(11).fill('processing/pending'), 'confirmed/provisioned']);
  });

  it('readiness-drill: the journal notes what the drill did, and the report grades it; a reset starts the drill again', async () => {
    await expectSuccess(await target().call('/getBalance'));
    await expectError(await target().call('/getBalance'), 503, 'SERVICE_UNAVAILABLE');
    const [first] = target().sandbox.journal();
    expect(target().sandbox.journal().map(({ seq, route, status, fault }) => ({ seq: seq - first!.seq, route, status, fault }))).toEqual([
      { seq: 0, route: 'getBalance', status: 200, fault: undefined },
      { seq: 1, route: 'getBalance', status: 503, fault: 'error' },
    ]);
    expect(target().sandbox.readiness()).toMatchObject({ verdict: 'incomplete', scenario: 'readiness-drill' });
    await target().sandbox.reset();
    expect(target().sandbox.journal()).toEqual([]);
    await expectSuccess(await target().call('/getBalance'));
    await expectError(await target().call('/getBalance'), 503, 'SERVICE_UNAVAILABLE');
  });

  it('readiness-drill: asks for polls at least 1000 ms apart', () => {
    expect(target().sandbox.scenario.readiness).toEqual({ minPollIntervalMs: 1000 });
    expect(loadScenario('default').readiness).toEqual({ minPollIntervalMs: 1000 });
  });
}, { scenario: 'readiness-drill', wallClock: clock.now });
