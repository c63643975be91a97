import { describe, expect, it } from 'vitest';
import { createSandbox } from 'esim-wholesale-sandbox';
import { scenarioFromService, type ServiceSnapshot } from '../../src/verify/record/scenario-from-service.js';
import { STAND_IN_KEY, STAND_IN_SCENARIO } from './stand-in.js';

async function data(sandbox: ReturnType<typeof createSandbox>, pathAndQuery: string, key = STAND_IN_KEY) {
  const response = await sandbox.fetch(new Request(`http://sandbox.test/api/v1${pathAndQuery}`, { headers: { 'x-api-key': key } }));
  return (await response.json()).data;
}

/** What the stand-in's key sees, as record reads it. */
async function snapshotOfStandIn(): Promise<ServiceSnapshot> {
  const standIn = createSandbox({ scenario: STAND_IN_SCENARIO });
  return {
    baseUrl: 'http://127.0.0.1:4999/api/v1',
    apiKey: STAND_IN_KEY,
    balance: await data(standIn, '/getBalance'),
    products: await data(standIn, '/getProducts?limit=200'),
    payments: await data(standIn, '/getPaymentHistory?limit=200'),
    orders: await data(standIn, '/getOrders?limit=200'),
    scopes: ['balance:read', 'products:read', 'payments:read', 'orders:read'],
    kyc: 'approved',
    behavior: {},
    recordedAt: Date.parse('2026-02-01T00:00:00.000Z'),
    keepSecrets: false,
  };
}

describe('the balance of a recording', () => {
  it('comes out as the service\'s when the lists stop short: an opening topup and an opening order, at the end of the lists', async () => {
    const snapshot = await snapshotOfStandIn();
    // The newest 2 of each: a pending and a failed topup (no credit), a failed order and one of 5 eSIMs.
    const cut = { ...snapshot, payments: (snapshot.payments as unknown[]).slice(0, 2), orders: (snapshot.orders as unknown[]).slice(0, 2) };
    const { scenario, notes } = scenarioFromService(cut);
    const recorded = createSandbox({ scenario });
    expect(await data(recorded, '/getBalance')).toEqual(snapshot.balance);
    expect(notes).toEqual(expect.arrayContaining([
      'an opening topup "RECORDED-OPENING-BALANCE" of 26500.5 THB is recorded: the topups getPaymentHistory listed do not add up to totalTopupsThb',
      'an opening order (sku RECORDED-OPENING-BALANCE) of 857 THB is recorded: the orders getOrders listed do not add up to totalPurchasesThb',
    ]));
    const payments = await data(recorded, '/getPaymentHistory?limit=200');
    expect(payments.at(-1)).toMatchObject({ merchantOrderId: 'RECORDED-OPENING-BALANCE', walletCreditThb: 26500.5, createdAt: '2025-01-31T00:00:00.000Z' });
    const orders = await data(recorded, '/getOrders?limit=200');
    expect(orders.at(-1)).toMatchObject({ product: { sku: 'RECORDED-OPENING-BALANCE' }, quantity: 1, totalPriceThb: 857 });
    // The opening order is more than a year old: it moves no product to another tier.
    expect(await data(recorded, '/getProducts?limit=200')).toEqual(snapshot.products);
  });

  it('still comes out as the service\'s when the lists add up to more than its totals', async () => {
    const snapshot = await snapshotOfStandIn();
    const balance = snapshot.balance as { totalTopupsThb: number; totalPurchasesThb: number; balanceThb: number };
    const lower = { ...balance, totalTopupsThb: balance.totalTopupsThb - 1000, balanceThb: balance.balanceThb - 1000 };
    const { scenario, notes } = scenarioFromService({ ...snapshot, balance: lower });
    const recorded = await data(createSandbox({ scenario }), '/getBalance');
    expect(recorded.balanceThb).toBe(lower.balanceThb);
    expect(recorded.totalPurchasesThb).toBe(balance.totalPurchasesThb + 1000);
    expect(notes).toContain(
      'the listed topups add up to more than getBalance\'s totalTopupsThb, and a scenario has no negative entry: the balance comes out right, totalTopupsThb and totalPurchasesThb are both higher by the difference',
    );
  });
});
