import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from 'esim-wholesale-sandbox/server';
import type { Schemas } from '../support/json.js';
import { expectCollectionsAgree } from './collections-agree.js';
import { apiClient, expectLedgerHolds, inventory } from './ledger.js';

let server: RunningServer | undefined;
let client: ReturnType<typeof apiClient> | undefined;

afterEach(async () => {
  await client?.close();
  await server?.close();
  client = server = undefined;
});

async function start(scenario: NonNullable<Parameters<typeof startServer>[0]>['scenario'], connections = 50) {
  server = await startServer({ port: 0, scenario, seed: 3 });
  client = apiClient(server.origin, connections);
  const products = await client.call('GET', '/getProducts?limit=200');
  const cheapest = [...products.body.data!].sort((a, b) => a.currentUnitPriceThb - b.currentUnitPriceThb)[0]!;
  return { server, client, product: cheapest };
}

describe('createOrder under concurrent load, over 50 connections', () => {
  it('creates exactly one order per idempotency key out of 1,000 requests sharing 50 keys, and charges each once', async () => {
    const { server, client, product } = await start('default');
    const before = await expectLedgerHolds(client);
    const stockBefore = (await inventory(server.origin)).get(product.id)!;

    const answers = await Promise.all(
      Array.from({ length: 1000 }, (_, i) =>
        client.call('POST', '/createOrder', { productId: product.id, quantity: 1 + (i % 50) % 3, idempotencyKey: `load-key-${i % 50}` }),
      ),
    );

    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
    expect(client.pool.stats.connected).toBe(50);
    const created = answers.filter((answer) => answer.body.data!.reused === false);
    expect(created).toHaveLength(50);
    const idsByKey = new Map<number, Set<string>>();
    answers.forEach((answer, i) => {
      const ids = idsByKey.get(i % 50) ?? new Set();
      ids.add(answer.body.data!.purchaseOrderId);
      idsByKey.set(i % 50, ids);
    });
    expect([...idsByKey.values()].every((ids) => ids.size === 1)).toBe(true);
    expect(new Set(answers.map((answer) => answer.body.data!.purchaseOrderId)).size).toBe(50);

    const after = await expectLedgerHolds(client);
    expect(after.orders.length - before.orders.length).toBe(50);
    const charged = created.reduce((total, answer) => total + Math.round(answer.body.data!.totalPriceThb! * 100), 0);
    expect(Math.round(after.totalPurchasesThb * 100) - Math.round(before.totalPurchasesThb * 100)).toBe(charged);
    const sold = created.reduce((total, answer) => total + answer.body.data!.quantity!, 0);
    expect((await inventory(server.origin)).get(product.id)).toBe(stockBefore - sold);
    expect(server.sandbox.db.idempotencyKeys.count()).toBe(50);
    await expectCollectionsAgree(server, client);
  });

  it('never takes a low balance below zero, however many orders race for it', async () => {
    const { client, product } = await start('low-balance');
    const before = await expectLedgerHolds(client);
    const answers = await Promise.all(
      Array.from({ length: 400 }, (_, i) => client.call('POST', '/createOrder', { productId: product.id, quantity: 1 + (i % 2) })),
    );
    const statuses = new Set(answers.map((answer) => answer.status));
    expect([...statuses].every((status) => status === 200 || status === 409)).toBe(true);
    const refused = answers.filter((answer) => answer.status === 409);
    expect(refused.every((answer) => answer.body.error?.code === 'INSUFFICIENT_BALANCE')).toBe(true);
    const created = answers.filter((answer) => answer.status === 200);
    expect(created.length).toBeGreaterThan(0);
    const after = await expectLedgerHolds(client);
    expect(after.balanceThb).toBeGreaterThanOrEqual(0);
    expect(after.balanceThb).toBeLessThan(product.currentUnitPriceThb);
    expect(after.orders.length - before.orders.length).toBe(created.length);
    await expectCollectionsAgree(server!, client);
  });

  it('never sells more eSIMs than the inventory holds', async () => {
    const { server, client, product } = await start({
      name: 'thin-stock',
      description: 'default with 25 eSIMs of each product',
      extends: 'default',
      inventory: { '*': 25 },
    });
    const before = await expectLedgerHolds(client);
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) => client.call('POST', '/createOrder', { productId: product.id, quantity: 1 + (i % 3) })),
    );
    const created = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused.every((answer) => answer.status === 409 && answer.body.error?.code === 'INVENTORY_EMPTY')).toBe(true);
    const sold = created.reduce((total, answer) => total + answer.body.data!.quantity!, 0);
    expect(sold).toBeLessThanOrEqual(25);
    // Orders of 1 keep coming after the big ones stop fitting: the stock is (nearly) sold out, never oversold.
    expect(sold).toBeGreaterThan(20);
    expect((await inventory(server.origin)).get(product.id)).toBe(25 - sold);
    const after = await expectLedgerHolds(client);
    expect(after.orders.length - before.orders.length).toBe(created.length);
    await expectCollectionsAgree(server, client);
  });

  it('keeps the ledger when orders, replays, refusals and reads all run at once', async () => {
    const { server, client, product } = await start({
      name: 'mixed-load',
      description: 'default with 60 eSIMs of each product',
      extends: 'default',
      inventory: { '*': 60 },
    });
    const topups = Array.from({ length: 10 }, () =>
      fetch(`${server.origin}/__sandbox/topups`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ apiKey: 'sk_test_full_access', amountThb: 1000.25 }),
      }).then((response) => response.status),
    );
    const calls = Array.from({ length: 600 }, (_, i) => {
      switch (i % 6) {
        case 0:
          return client.call('POST', '/createOrder', { productId: product.id, quantity: 2, idempotencyKey: `mixed-${i % 24}` });
        case 1:
          return client.call('POST', '/createOrder', { productId: product.id, quantity: 1 });
        case 2:
          return client.call('POST', '/createOrder', { productId: product.id, quantity: 0 });
        case 3:
          return client.call('POST', '/createOrder', { productId: product.id, quantity: 1 }, 'sk_test_read_only');
        case 4:
          return client.call('GET', '/getBalance');
        default:
          return client.call('GET', '/getOrders?limit=5');
      }
    });
    const [topupStatuses, answers] = await Promise.all([Promise.all(topups), Promise.all(calls)]);
    expect(topupStatuses.every((status) => status === 200)).toBe(true);
    expect(answers.every((answer) => answer.status < 500)).toBe(true);
    // Calls 0 and 1 of every 6 are the orders.
    const sold = answers
      .filter((answer, i) => i % 6 <= 1 && answer.status === 200)
      .map((answer) => answer.body.data as Schemas['CreateOrderResponse'])
      .filter((order) => order.reused === false)
      .reduce((total, order) => total + order.quantity!, 0);
    expect(sold).toBeLessThanOrEqual(60);
    expect((await inventory(server.origin)).get(product.id)).toBe(60 - sold);
    await expectLedgerHolds(client);
    await expectCollectionsAgree(server, client);
  });
});
