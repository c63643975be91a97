import { createSandbox, type Sandbox } from '../../dist/index.js';
import { median, round } from '../lib/stats.ts';

export interface LargePageResult {
  orders: number;
  esimsPerOrder: number;
  responseBytes: number;
  /** The first read of the page: every order rendered. */
  firstReadMs: number;
  /** `sandbox.fetch` of the page and its text, median of the runs after the first. */
  sandboxMs: number;
  /** `JSON.stringify` of the same envelope (the page's own body, parsed), median of as many runs, taken in turn. */
  stringifyMs: number;
  runs: number;
}

const HEADERS = { 'x-api-key': 'sk_test_full_access', 'content-type': 'application/json' };
const ORDERS = 50;
const ESIMS_PER_ORDER = 100;

/**
 * `getOrders?limit=50` of 50 orders of 100 eSIMs (1.75 MB), in this process: `sandbox.fetch` and the text of
 * its answer, against `JSON.stringify` of the same data, the two taken in turn so a busy spell of the
 * machine falls on both alike.
 */
export async function measureLargePage(runs: number): Promise<LargePageResult> {
  await using sandbox = createSandbox({ scenario: 'default', seed: 1 });
  await placeOrders(sandbox);
  const read = async () => (await sandbox.fetch(new Request(`http://bench.test/api/v1/getOrders?limit=${ORDERS}`, { headers: HEADERS }))).text();
  let started = performance.now();
  const body = await read();
  const firstReadMs = performance.now() - started;
  const envelope: unknown = JSON.parse(body);
  if (JSON.stringify(envelope) !== body) throw new Error('JSON.stringify of the page does not give its bytes: the baseline would not be the same data');
  const sandboxTimes: number[] = [];
  const stringifyTimes: number[] = [];
  for (let run = -3; run < runs; run++) {
    started = performance.now();
    if ((await read()).length !== body.length) throw new Error('the page changed between reads');
    const sandboxMs = performance.now() - started;
    started = performance.now();
    if (JSON.stringify(envelope).length !== body.length) throw new Error('JSON.stringify gave another length');
    const stringifyMs = performance.now() - started;
    if (run < 0) continue; // warm-up
    sandboxTimes.push(sandboxMs);
    stringifyTimes.push(stringifyMs);
  }
  return {
    orders: ORDERS,
    esimsPerOrder: ESIMS_PER_ORDER,
    responseBytes: Buffer.byteLength(body),
    firstReadMs: round(firstReadMs, 2),
    sandboxMs: round(median(sandboxTimes), 2),
    stringifyMs: round(median(stringifyTimes), 2),
    runs,
  };
}

/** 50 orders of 100 eSIMs, spread over the products (5,000 eSIMs each in `default`). */
async function placeOrders(sandbox: Sandbox): Promise<void> {
  await sandbox.topup({ apiKey: HEADERS['x-api-key'], amountThb: 10_000_000 });
  const products = ((await (await sandbox.fetch(new Request('http://bench.test/api/v1/getProducts?limit=200', { headers: HEADERS }))).json()) as { data: { id: string }[] }).data;
  for (let i = 0; i < ORDERS; i++) {
    const body = JSON.stringify({ productId: products[i % products.length]!.id, quantity: ESIMS_PER_ORDER });
    const response = await sandbox.fetch(new Request('http://bench.test/api/v1/createOrder', { method: 'POST', headers: HEADERS, body }));
    if (response.status !== 200) throw new Error(`createOrder answered ${response.status}: ${await response.text()}`);
  }
}
