import { describe, expect, it } from 'vitest';
import { answerOf } from '../../src/verify/exchange.js';
import { ruledOutValues } from '../../src/verify/contract-problems.js';

const ok = (data: unknown) => answerOf(200, { 'content-type': 'application/json' }, JSON.stringify({ success: true, data }));

describe('values the spec rules out', () => {
  it('a negative price or amount, each kind said once with how many more', () => {
    const products = [1, 2, 3].map((n) => ({ sku: `P-${n}`, currentUnitPriceThb: -n, retailPriceThb: null }));
    expect(ruledOutValues(ok(products))).toEqual(['data[0].currentUnitPriceThb: -1 THB, a negative price or amount, which the spec rules out (and 2 more like it)']);
  });

  it('a balance below zero is not ruled out (a service may let orders overdraw), but one that is not topups less purchases is', () => {
    expect(ruledOutValues(ok({ totalTopupsThb: 100, totalPurchasesThb: 150.5, balanceThb: -50.5 }))).toEqual([]);
    expect(ruledOutValues(ok({ totalTopupsThb: 100, totalPurchasesThb: 40, balanceThb: 70 }))).toEqual([
      'data.balanceThb: 70 THB, but totalTopupsThb − totalPurchasesThb is 100 − 40 = 60 THB',
    ]);
  });

  it('an order whose total is not unit price × quantity, counted to the satang', () => {
    expect(ruledOutValues(ok([{ quantity: 3, unitPriceThb: 33.33, totalPriceThb: 99.99 }]))).toEqual([]);
    expect(ruledOutValues(ok([{ quantity: 3, unitPriceThb: 33.33, totalPriceThb: 100 }]))).toEqual([
      'data[0].totalPriceThb: 100 THB, but unitPriceThb × quantity is 33.33 × 3 = 99.99 THB',
    ]);
  });

  it('says nothing of error answers', () => {
    expect(ruledOutValues(answerOf(400, {}, '{"success":false,"error":{"code":"X","message":"-1"}}'))).toEqual([]);
  });
});
