import { expect, it } from 'vitest';
import { describeBothModes } from '../support/modes.js';
import { cents, FIELDS, ISO_DATE_TIME, UUID, expectError, expectOnlyFields, expectSuccess } from '../support/expectations.js';

const PAYMENT_METHODS = ['promptpay', 'card', 'airpay', 'alipay', 'linepay', 'truemoney', 'wechat', 'kplus', 'scb_easy', 'bbl_deeplink', 'baybank_deeplink'];

describeBothModes('getBalance', (target) => {
  it('answers the balance with exactly the spec fields, balance = topups − purchases', async () => {
    const balance = await expectSuccess(await target().call('/getBalance'));
    expectOnlyFields(balance, FIELDS.balance, FIELDS.balance);
    expect(balance.accountId).toMatch(UUID);
    expect(cents(balance.balanceThb)).toBe(cents(balance.totalTopupsThb) - cents(balance.totalPurchasesThb));
    expect(balance.balanceThb).toBeGreaterThan(0);
  });

  it('counts the wallet credit of successful payments as topups', async () => {
    const balance = await expectSuccess(await target().call('/getBalance'));
    const payments = await expectSuccess(await target().call('/getPaymentHistory?limit=200'));
    const credited = payments.filter((p) => p.status === 'success').reduce((sum, p) => sum + cents(p.walletCreditThb), 0);
    expect(cents(balance.totalTopupsThb)).toBe(credited);
  });
});

describeBothModes('getPaymentHistory', (target) => {
  it('lists payments newest first with exactly the spec fields and a consistent breakdown', async () => {
    const payments = await expectSuccess(await target().call('/getPaymentHistory'));
    expect(payments.length).toBeGreaterThan(3);
    expect(new Set(payments.map((p) => p.paymentMethod)).size).toBeGreaterThan(2);
    for (const payment of payments) {
      expectOnlyFields(payment, FIELDS.payment, FIELDS.payment.filter((f) => f !== 'paidAt'));
      expect(payment.id).toMatch(UUID);
      expect(PAYMENT_METHODS).toContain(payment.paymentMethod);
      expect(payment.createdAt).toMatch(ISO_DATE_TIME);
      expect(cents(payment.amountThb)).toBe(cents(payment.baseAmountThb) + cents(payment.processingFeeThb) + cents(payment.vatThb));
      expect(payment.walletCreditThb).toBe(payment.baseAmountThb);
    }
    const times = payments.map((p) => Date.parse(p.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('honours limit and refuses one outside 1..200', async () => {
    expect(await expectSuccess(await target().call('/getPaymentHistory?limit=2'))).toHaveLength(2);
    await expectError(await target().call('/getPaymentHistory?limit=0'), 400, 'VALIDATION_ERROR', 'limit must be an integer from 1 to 200 (got "0")');
    await expectError(await target().call('/getPaymentHistory?limit=201'), 400, 'VALIDATION_ERROR', /limit must be an integer from 1 to 200/);
    await expectError(await target().call('/getPaymentHistory?limit=abc'), 400, 'VALIDATION_ERROR', 'limit must be an integer from 1 to 200 (got "abc")');
    await expectError(await target().call('/getPaymentHistory?limit=-0'), 400, 'VALIDATION_ERROR', 'limit must be an integer from 1 to 200 (got "-0")');
    await expectError(await target().call('/getPaymentHistory?limit=1.5'), 400, 'VALIDATION_ERROR', /limit/);
  });
});

describeBothModes('getProducts', (target) => {
  it('lists active products with exactly the spec fields and account pricing', async () => {
    const products = await expectSuccess(await target().call('/getProducts?limit=200'));
    expect(products.length).toBeGreaterThan(10);
    expect(new Set(products.map((p) => p.provider)).size).toBeGreaterThan(2);
    for (const product of products) {
      expectOnlyFields(product, FIELDS.product, FIELDS.productRequired);
      expect(product.id).toMatch(UUID);
      expect(product.currentUnitPriceThb).toBeGreaterThan(0);
      expect(Number.isInteger(product.activeTierMinTrailingYearQty)).toBe(true);
      if (product.retailPriceThb != null) expect(product.currentUnitPriceThb).toBeLessThan(product.retailPriceThb);
      if (product.promotionFeatures !== undefined) expect(Array.isArray(product.promotionFeatures)).toBe(true);
    }
    expect(products.some((p) => typeof p.promotionLabel === 'string')).toBe(true);
  });

  it('does not list inactive products', async () => {
    const listed = new Set((await expectSuccess(await target().call('/getProducts?limit=200'))).map((p) => p.id));
    const inactive = target().sandbox.scenario.products.filter((p: { active: boolean }) => !p.active);
    expect(inactive.length).toBeGreaterThan(0);
    for (const product of inactive) expect(listed.has(product.id)).toBe(false);
  });

  it('answers 50 products by default and honours limit', async () => {
    expect(await expectSuccess(await target().call('/getProducts?limit=3'))).toHaveLength(3);
    const all = target().sandbox.scenario.products.filter((p) => p.active).length;
    expect(await expectSuccess(await target().call('/getProducts'))).toHaveLength(Math.min(all, 50));
    await expectError(await target().call('/getProducts?limit=-1'), 400, 'VALIDATION_ERROR', /limit must be an integer from 1 to 200/);
  });

  it('prices with the account override where the account has one', async () => {
    const scenario = target().sandbox.scenario;
    const main = scenario.apiKeys.find((k) => k.key === 'sk_test_full_access')!;
    const account = scenario.accounts.find((a) => a.id === main.accountId)!;
    const [productId, tiers] = Object.entries(account.tierOverrides)[0]!;
    const products = await expectSuccess(await target().call('/getProducts?limit=200'));
    const product = products.find((p) => p.id === productId)!;
    const base = tiers.find((t) => t.minTrailingYearQty === product.activeTierMinTrailingYearQty)!;
    expect(product.currentUnitPriceThb).toBe(base.unitPriceThb);
  });
});
