import { expect } from 'vitest';
import { Pool } from 'undici';
import type { SandboxState } from 'esim-wholesale-sandbox';
import { json, type Envelope, type SuccessData } from '../support/json.js';

export const FULL_ACCESS = 'sk_test_full_access';

/** A pool of `connections` keep-alive connections to a server, and JSON calls over it. */
export function apiClient(origin: string, connections: number) {
  const pool = new Pool(origin, { connections, pipelining: 1, keepAliveTimeout: 10_000 });
  return {
    pool,
    async call<Path extends string>(method: 'GET' | 'POST', path: Path, json?: unknown, key = FULL_ACCESS) {
      const response = await pool.request({
        method,
        path: `/api/v1${path}`,
        headers: { 'x-api-key': key, ...(json !== undefined && { 'content-type': 'application/json' }) },
        body: json === undefined ? undefined : JSON.stringify(json),
      });
      return { status: response.statusCode, body: (await response.body.json()) as Envelope<SuccessData<Path>> };
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
  const wallet = balance.body.data!;
  const { totalTopupsThb, totalPurchasesThb, balanceThb } = wallet;
  expect(satang(balanceThb)).toBe(satang(totalTopupsThb) - satang(totalPurchasesThb));

  const orders = await client.call('GET', '/getOrders?limit=200', undefined, key);
  expect(orders.status).toBe(200);
  const listed = orders.body.data!;
  expect(listed.length).toBeLessThan(200);
  const charged = listed.filter((order) => order.status !== 'failed');
  const sum = charged.reduce((total, order) => total + satang(order.totalPriceThb), 0);
  expect(sum).toBe(satang(totalPurchasesThb));
  return { ...wallet, orders: listed };
}

/** Inventory of every product, from the admin API's state. */
export async function inventory(origin: string): Promise<Map<string, number>> {
  const state = await json<{ data: SandboxState }>(await fetch(`${origin}/__sandbox/state`));
  return new Map(state.data.products.map((product) => [product.id, product.inventory]));
}
