import { expect, it } from 'vitest';
import { describeBothModes } from '../support/modes.js';
import { expectSuccess } from '../support/expectations.js';

const AIS_15GB_ID = 'efd8480e-2903-458b-8ce3-156f0418df70';
const JP_10GB_ID = 'e48ed749-4c05-4f09-a24c-168f50f904bf';
const KEYS = [
  ['sk_test_tier_100', 100],
  ['sk_test_tier_500', 500],
  ['sk_test_tier_2000', 2000],
] as const;

describeBothModes('scenario tier-pricing: accounts at several price tiers', (target) => {
  it.each(KEYS)('tier-pricing: %s sees every product at the highest of its tiers up to %i', async (key, tier) => {
    const products = await expectSuccess(await target().call('/getProducts?limit=200', { key }));
    const specs = new Map(target().sandbox.scenario.products.map((product) => [product.id, product]));
    expect(products.length).toBeGreaterThan(0);
    for (const product of products) {
      const reached = specs.get(product.id)!.tiers.filter((t) => t.minTrailingYearQty <= tier);
      const expected = reached.reduce((best, t) => (t.minTrailingYearQty > best.minTrailingYearQty ? t : best));
      expect([product.sku, product.activeTierMinTrailingYearQty, product.currentUnitPriceThb]).toEqual([product.sku, expected.minTrailingYearQty, expected.unitPriceThb]);
    }
  });

  it('tier-pricing: the same product costs each account the price of its own tier', async () => {
    const priceFor = async (key: string) => {
      const products = await expectSuccess(await target().call('/getProducts?limit=200', { key }));
      const ais = products.find((product) => product.id === AIS_15GB_ID)!;
      return [ais.activeTierMinTrailingYearQty, ais.currentUnitPriceThb];
    };
    expect(await priceFor('sk_test_full_access')).toEqual([0, 233]);
    expect(await priceFor('sk_test_tier_100')).toEqual([100, 221]);
    expect(await priceFor('sk_test_tier_500')).toEqual([500, 209]);
    expect(await priceFor('sk_test_tier_2000')).toEqual([2000, 197]);
  });

  it('tier-pricing: sk_test_full_access stays at tier 0, with its own override on Japan 10GB', async () => {
    const products = await expectSuccess(await target().call('/getProducts?limit=200'));
    expect(new Set(products.map((product) => product.activeTierMinTrailingYearQty))).toEqual(new Set([0]));
    expect(products.find((product) => product.id === JP_10GB_ID)?.currentUnitPriceThb).toBe(429);
  });

  it('tier-pricing: an order is priced at its account\'s tier and charged to that account\'s wallet', async () => {
    const before = await expectSuccess(await target().call('/getBalance', { key: 'sk_test_tier_500' }));
    expect(before).toMatchObject({ totalTopupsThb: 500_000, totalPurchasesThb: 0, balanceThb: 500_000 });
    const order = await expectSuccess(await target().call('/createOrder', { key: 'sk_test_tier_500', json: { productId: AIS_15GB_ID, quantity: 3 } }));
    expect(order).toMatchObject({ unitPriceThb: 209, totalPriceThb: 627, quantity: 3, reused: false });
    expect(await expectSuccess(await target().call('/getBalance', { key: 'sk_test_tier_500' }))).toMatchObject({ totalPurchasesThb: 627, balanceThb: 499_373 });
  });
}, { scenario: 'tier-pricing' });
