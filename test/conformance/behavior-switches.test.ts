import { afterEach, expect, it } from 'vitest';
import type { ScenarioFile } from 'esim-wholesale-sandbox';
import { describeBothModes, type Target } from '../support/modes.js';
import { cents, expectError, expectSuccess, expectFirst } from '../support/expectations.js';


async function useBehavior(target: Target, behavior: ScenarioFile['behavior'], extra: Partial<ScenarioFile> = {}) {
  await target.sandbox.useScenario({ name: 'switch', description: 'a behaviour switch', extends: 'default', behavior, ...extra });
}

async function firstProduct(target: Target) {
  return expectFirst(await target.call('/getProducts?limit=1'));
}

describeBothModes('behaviour switches of the open points', (target) => {
  afterEach(() => target().sandbox.useScenario('default'));

  it('reusedResponse "minimal" answers a replay with only purchaseOrderId and reused', async () => {
    await useBehavior(target(), { reusedResponse: 'minimal' });
    const json = { productId: (await firstProduct(target())).id, quantity: 1, idempotencyKey: 'minimal-replay' };
    const first = await expectSuccess(await target().call('/createOrder', { json }));
    expect(await expectSuccess(await target().call('/createOrder', { json }))).toEqual({ purchaseOrderId: first.purchaseOrderId, reused: true });
  });

  it('idempotencyMismatch "reject" refuses a repeated key with another body with 409 IDEMPOTENCY_KEY_MISMATCH', async () => {
    await useBehavior(target(), { idempotencyMismatch: 'reject' });
    const productId = (await firstProduct(target())).id;
    await expectSuccess(await target().call('/createOrder', { json: { productId, quantity: 1, idempotencyKey: 'mismatch-key' } }));
    const before = await target().sandbox.state();
    await expectError(
      await target().call('/createOrder', { json: { productId, quantity: 2, idempotencyKey: 'mismatch-key' } }),
      409, 'IDEMPOTENCY_KEY_MISMATCH', /send a new idempotencyKey/,
    );
    expect(await target().sandbox.state()).toEqual(before);
    const replay = await expectSuccess(await target().call('/createOrder', { json: { productId, quantity: 1, idempotencyKey: 'mismatch-key' } }));
    expect(replay.reused).toBe(true);
  });

  it('idempotencyTtlMs forgets a key once the sandbox clock passes it', async () => {
    await useBehavior(target(), { idempotencyTtlMs: 60_000 });
    const json = { productId: (await firstProduct(target())).id, quantity: 1, idempotencyKey: 'ttl-key-0001' };
    const first = await expectSuccess(await target().call('/createOrder', { json }));
    expect((await expectSuccess(await target().call('/createOrder', { json }))).reused).toBe(true);
    target().sandbox.advanceClock(60_000);
    const later = await expectSuccess(await target().call('/createOrder', { json }));
    expect(later.reused).toBe(false);
    expect(later.purchaseOrderId).not.toBe(first.purchaseOrderId);
  });

  it('insufficientBalance "allow-negative" lets the wallet go below zero', async () => {
    await useBehavior(target(), { insufficientBalance: { mode: 'allow-negative' } });
    const product = await firstProduct(target());
    const balance = await expectSuccess(await target().call('/getBalance'));
    const quantity = Math.min(2000, Math.ceil(balance.balanceThb / product.currentUnitPriceThb) + 1);
    const order = await expectSuccess(await target().call('/createOrder', { json: { productId: product.id, quantity } }));
    const after = await expectSuccess(await target().call('/getBalance'));
    expect(after.balanceThb).toBeLessThan(0);
    expect(cents(after.balanceThb)).toBe(cents(balance.balanceThb) - cents(order.totalPriceThb!));
  });

  it('insufficientBalance status is configurable', async () => {
    await useBehavior(target(), { insufficientBalance: { status: 402 } });
    const product = await firstProduct(target());
    await expectError(await target().call('/createOrder', { json: { productId: product.id, quantity: 2000 } }), 402, 'INSUFFICIENT_BALANCE');
  });

  it('provisioning "delayed" answers without items, then shows pending items until the clock passes the delay', async () => {
    await useBehavior(target(), { provisioning: { mode: 'delayed', delayMs: 30_000 } });
    const product = await firstProduct(target());
    const created = await expectSuccess(await target().call('/createOrder', { json: { productId: product.id, quantity: 2 } }));
    expect(created).not.toHaveProperty('items');
    expect(created).toMatchObject({ reused: false, quantity: 2 });
    const pending = await expectSuccess(await target().call(`/getOrderStatus?purchaseOrderId=${created.purchaseOrderId}`));
    expect(pending.status).toBe('processing');
    expect(pending.items.map((item) => item.status)).toEqual(['pending', 'pending']);
    expect(pending.items[0]).toMatchObject({ iccid: null, activationCode: null, qrCode: null, smdpAddress: null });
    target().sandbox.advanceClock(30_000);
    const done = await expectSuccess(await target().call(`/getOrderStatus?purchaseOrderId=${created.purchaseOrderId}`));
    expect(done.status).toBe('confirmed');
    expect(done.items.map((item) => item.status)).toEqual(['provisioned', 'provisioned']);
    expect(done.items[0]?.iccid).toMatch(/^89/);
  });

  it('limitOutOfRange "clamp" clamps limit into 1..200 instead of refusing it', async () => {
    await useBehavior(target(), { limitOutOfRange: 'clamp' });
    expect(await expectSuccess(await target().call('/getProducts?limit=0'))).toHaveLength(1);
    const active = target().sandbox.scenario.products.filter((p: { active: boolean }) => p.active).length;
    expect(await expectSuccess(await target().call('/getProducts?limit=5000'))).toHaveLength(Math.min(active, 200));
    await expectError(await target().call('/getProducts?limit=ten'), 400, 'VALIDATION_ERROR');
  });

  it('rateLimit answers 429 RATE_LIMITED with Retry-After past the limit', async () => {
    await useBehavior(target(), { rateLimit: { requests: 3, perMs: 1000 } });
    for (let i = 0; i < 3; i++) expect((await target().call('/getBalance')).status).toBe(200);
    const limited = await target().call('/getBalance');
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(limited.headers.get('x-ratelimit-limit')).toBe('3');
    await expectError(limited, 429, 'RATE_LIMITED', /retry after 1 s/);
    await new Promise((resolve) => setTimeout(resolve, 1050));
    expect((await target().call('/getBalance')).status).toBe(200);
  });

  it('prices by the tier the trailing-year quantity reaches, and the order that crosses a tier pays the old price', async () => {
    const product = await firstProduct(target());
    const spec = target().sandbox.scenario.products.find((p: { id: string }) => p.id === product.id)!;
    const tiers = [...spec.tiers].sort((a, b) => a.minTrailingYearQty - b.minTrailingYearQty);
    const main = target().sandbox.scenario.apiKeys.find((k: { key: string }) => k.key === 'sk_test_full_access')!;
    const trailing = (await expectSuccess(await target().call('/getOrders?limit=200')))
      .filter((o) => o.status !== 'failed')
      .reduce((sum, o) => sum + o.quantity, 0);
    const next = tiers.find((tier) => tier.minTrailingYearQty > trailing)!;
    await useBehavior(target(), {}, {
      accounts: [{ id: main.accountId, trailingYearQtyBaseline: next.minTrailingYearQty - trailing - 1, tierOverrides: {} }],
    });
    const before = await firstProduct(target());
    expect(before.activeTierMinTrailingYearQty).toBeLessThan(next.minTrailingYearQty);
    const crossing = await expectSuccess(await target().call('/createOrder', { json: { productId: product.id, quantity: 2 } }));
    expect(crossing.unitPriceThb).toBe(before.currentUnitPriceThb);
    const after = await firstProduct(target());
    expect(after.activeTierMinTrailingYearQty).toBe(next.minTrailingYearQty);
    expect(after.currentUnitPriceThb).toBe(next.unitPriceThb);
    const cheaper = await expectSuccess(await target().call('/createOrder', { json: { productId: product.id, quantity: 1 } }));
    expect(cheaper.unitPriceThb).toBe(next.unitPriceThb);
  });
});
