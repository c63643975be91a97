import { expect } from 'vitest';
import type { SandboxState } from 'esim-wholesale-sandbox';
import type { RunningServer } from 'esim-wholesale-sandbox/server';
import { json } from '../support/json.js';
import { FULL_ACCESS, type apiClient } from './ledger.js';

const satang = (thb: number) => Math.round(thb * 100);
const newestFirst = <T extends { createdAt: number; id: string }>(records: readonly T[]) =>
  [...records].sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));

/**
 * Every collection of the server's sandbox (`sandbox.db`) says what the API answers: the account's orders
 * and payments as getOrders and getPaymentHistory list them (order, status, amounts), each order's status as
 * getOrderStatus gives it, the wallet as getBalance sums it, each product's inventory left and the record
 * counts as /__sandbox/state shows them, and every idempotency entry names an order of its account and product.
 */
export async function expectCollectionsAgree(server: RunningServer, client: ReturnType<typeof apiClient>): Promise<void> {
  const { db } = server.sandbox;
  const accountId = db.apiKeys.findFirst((q) => q.where({ key: FULL_ACCESS }))!.accountId;

  const orders = newestFirst(db.orders.findMany((q) => q.where({ accountId })));
  const listed = (await client.call('GET', '/getOrders?limit=200')).body.data!;
  expect(orders.length).toBeLessThan(200);
  expect(listed.map(({ id, status, quantity, totalPriceThb }) => ({ id, status, quantity, total: satang(totalPriceThb) }))).toEqual(
    orders.map(({ id, status, quantity, total }) => ({ id, status, quantity, total })),
  );
  for (const order of orders) {
    const answer = await client.call('GET', `/getOrderStatus?purchaseOrderId=${order.id}`);
    expect(answer.body.data!.status).toBe(order.status);
  }

  const payments = newestFirst(db.payments.findMany((q) => q.where({ accountId })));
  const history = (await client.call('GET', '/getPaymentHistory?limit=200')).body.data!;
  expect(history.map(({ id, status, walletCreditThb }) => ({ id, status, credit: satang(walletCreditThb) }))).toEqual(
    payments.map(({ id, status, walletCredit }) => ({ id, status, credit: walletCredit })),
  );

  const balance = (await client.call('GET', '/getBalance')).body.data!;
  const topups = payments.filter((payment) => payment.status === 'success').reduce((sum, payment) => sum + payment.walletCredit, 0);
  const purchases = orders.filter((order) => order.status !== 'failed').reduce((sum, order) => sum + order.total, 0);
  expect({ topups: satang(balance.totalTopupsThb), purchases: satang(balance.totalPurchasesThb) }).toEqual({ topups, purchases });

  const state = await json<{ data: SandboxState }>(await fetch(`${server.origin}/__sandbox/state`));
  expect(state.data.products.map(({ id, inventory }) => ({ id, inventory }))).toEqual(db.products.all().map(({ id, inventory }) => ({ id, inventory })));
  expect(state.data.records).toEqual({
    accounts: db.accounts.count(),
    apiKeys: db.apiKeys.count(),
    products: db.products.count(),
    payments: db.payments.count(),
    orders: db.orders.count(),
    idempotencyKeys: db.idempotencyKeys.count(),
  });

  const entries = db.idempotencyKeys.all();
  expect(new Set(entries.map((entry) => `${entry.accountId} ${entry.key}`)).size).toBe(entries.length);
  for (const entry of entries) {
    expect(db.orders.findFirst((q) => q.where({ id: entry.orderId }))).toMatchObject({ accountId: entry.accountId, productId: entry.productId });
  }
}
