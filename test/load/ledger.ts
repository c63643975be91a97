import { expect } from 'vitest';
import { Pool } from 'undici';

export const FULL_ACCESS = 'sk_test_full_access';

/** A pool of `connections` keep-alive connections to a server, and JSON calls over it. */
export function apiClient(origin: string, connections: number) {
  const pool = new Pool(origin, { connections, pipelining: 1, keepAliveTimeout: 10_000 });
  return {
    pool,
    async call(method: 'GET' | 'POST', path: string, json?: unknown, key = FULL_ACCESS): Promise<{ status: number; body: any }> {
      const response = await pool.request({
        method,
        path: `/api/v1${path}`,
        headers: { 'x-api-key': key, ...(json !== undefined && { 'content-type': 'application/json' }) },
        body: json === undefined ? undefined : JSON.stringify(json),
      });
      return { status: response.statusCode, body: await response.body.json() };
    },
    close: () => pool.close(),
  };
}

type Client = ReturnType<typeof apiClient>;

const satang = (thb: number) => Math.round(thb * 100);

/**
 * The wallet as the API shows it adds up, to the satang: balance = topups − purchases, and the orders'
 * totals (every charged order of the account; fewer than 200 so one page lists them all) sum to purchases.
 */
export async function expectLedgerHolds(client: Client, key = FULL_ACCESS) {
  const balance = await client.call('GET', '/getBalance', undefined, key);
  expect(balance.status).toBe(200);
  const { totalTopupsThb, totalPurchasesThb, balanceThb } = balance.body.data;
  expect(satang(balanceThb)).toBe(satang(totalTopupsThb) - satang(totalPurchasesThb));

  const orders = await client.call('GET', '/getOrders?limit=200', undefined, key);
  expect(orders.status).toBe(200);
  expect(orders.body.data.length).toBeLessThan(200);
  const charged = orders.body.data.filter((order: { status: string }) => order.status !== 'failed');
  const sum = charged.reduce((total: number, order: { totalPriceThb: number }) => total + satang(order.totalPriceThb), 0);
  expect(sum).toBe(satang(totalPurchasesThb));
  return { ...balance.body.data, orders: orders.body.data as { id: string; quantity: number; totalPriceThb: number }[] };
}

/** Inventory of every product, from the admin API's state. */
export async function inventory(origin: string): Promise<Map<string, number>> {
  const state = (await (await fetch(`${origin}/__sandbox/state`)).json()) as { data: { products: { id: string; inventory: number }[] } };
  return new Map(state.data.products.map((product) => [product.id, product.inventory]));
}
