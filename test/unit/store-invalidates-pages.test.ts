import { describe, expect, it } from 'vitest';
import { accountTrailingYearQty } from '../../src/domain/tier-pricing.js';
import { buildStore } from '../../src/domain/build-store.js';
import { ordersPage } from '../../src/api/rendered-orders.js';
import { productsPage } from '../../src/api/products-page.js';
import { renderedBalance } from '../../src/api/calls/get-balance.js';
import { clockOf, contextOf, type SandboxKeeps } from '../../src/sandbox-context.js';
import { BoundedQrImageCache } from '../../src/lib/qr-image.js';
import { loadScenario } from '../../src/scenarios/load-scenario.js';
import { SeededRandom } from '../../src/state/seeded-random.js';

/** One sandbox's context, built the way a sandbox builds it. */
async function context() {
  const scenario = loadScenario('default');
  const keeps: SandboxKeeps = { seed: undefined, qrImages: new BoundedQrImageCache(), wallClock: () => 0, clockMode: undefined, hintHeader: false, chaos: undefined };
  const random = new SeededRandom(scenario.seed);
  const store = await buildStore(scenario, random);
  return contextOf(scenario, store, clockOf(scenario, keeps), random, keeps);
}

type Page = { id: string; status: string; name: string; totalPriceThb: number }[];
const parsed = (page: { text: string }) => JSON.parse(page.text) as Page;

/**
 * The pages kept per sandbox are dropped by the store itself: a write the pages never heard of, made through
 * the store's own write API, still shows on the next read.
 */
describe('pages kept by a sandbox', () => {
  it('show an order changed through the store directly, not the page kept before', async () => {
    const ctx = await context();
    const account = ctx.store.account([...ctx.store.collections.accounts.all()][0]!.id)!;
    const now = ctx.clock.now();
    const before = ordersPage(ctx, account.id, 50, now);
    expect(ordersPage(ctx, account.id, 50, now)).toBe(before);
    const order = ctx.store.latestOrdersOf(account.id, 1)[0]!;
    expect(order.status).not.toBe('failed');
    const qtyBefore = accountTrailingYearQty(ctx.store, account, now, ctx.trailingYearCounts);
    const balanceBefore = JSON.parse(renderedBalance(ctx, account.id, ctx.store.ledger(account.id)).text) as Record<string, number>;

    await ctx.store.replace('orders', order, { status: 'failed' });

    const after = ordersPage(ctx, account.id, 50, now);
    expect(after).not.toBe(before);
    expect(parsed(after).find((shown) => shown.id === order.id)!.status).toBe('failed');
    // What is derived from the orders follows too: a failed order is not charged, nor counted in the trailing year.
    expect(accountTrailingYearQty(ctx.store, account, now, ctx.trailingYearCounts)).toBe(qtyBefore - order.quantity);
    const balanceAfter = JSON.parse(renderedBalance(ctx, account.id, ctx.store.ledger(account.id)).text) as Record<string, number>;
    expect(balanceAfter).not.toEqual(balanceBefore);
  });

  it('show a product changed through the store directly', async () => {
    const ctx = await context();
    const account = [...ctx.store.collections.accounts.all()][0]!;
    const before = productsPage(ctx, account, 0, 50);
    expect(productsPage(ctx, account, 0, 50)).toBe(before);
    const product = [...ctx.store.products()].find((candidate) => candidate.active)!;
    await ctx.store.replace('products', product, { name: 'Renamed on the fly' });
    expect(parsed(productsPage(ctx, account, 0, 50)).find((shown) => shown.id === product.id)!.name).toBe('Renamed on the fly');
  });

  it('are the sandbox’s own: a change in one sandbox leaves the pages of another as they were', async () => {
    const [one, two] = [await context(), await context()];
    const accountId = [...one.store.collections.accounts.all()][0]!.id;
    const now = one.clock.now();
    const twoBefore = ordersPage(two, accountId, 50, now).text;
    expect(ordersPage(one, accountId, 50, now).text).toBe(twoBefore);
    await one.store.replace('orders', one.store.latestOrdersOf(accountId, 1)[0]!, { status: 'failed' });
    expect(ordersPage(one, accountId, 50, now).text).not.toBe(twoBefore);
    expect(ordersPage(two, accountId, 50, now).text).toBe(twoBefore);
  });
});
