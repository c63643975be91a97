import { CoreSandbox } from '../../dist/sandbox.js';
import { recordOf } from '../../dist/api/api-request.js';
import type { Outcome } from '../../dist/api/outcome.js';
import { median, round } from '../lib/stats.ts';

export interface LargePageResult {
  orders: number;
  esimsPerOrder: number;
  responseBytes: number;
  /** The first read of the page: every order rendered. */
  firstReadMs: number;
  /** The core's answer, as both transports get it, to its UTF-8 length: median of the runs after the first. */
  sandboxMs: number;
  /** `JSON.stringify` of the same envelope (the page's own body, parsed), to its UTF-8 length; taken in turn with `sandboxMs`. */
  stringifyMs: number;
  /** `sandbox.fetch` of the page and the text of its `Response` (a web Response built, encoded, read and decoded). */
  fetchMs: number;
  runs: number;
}

const HEADERS = { 'x-api-key': 'sk_test_full_access', 'content-type': 'application/json' };
const ORDERS = 50;
const ESIMS_PER_ORDER = 100;
const PAGE = `http://bench.test/api/v1/getOrders?limit=${ORDERS}`;

/**
 * `getOrders?limit=50` of 50 orders of 100 eSIMs (1.75 MB), in this process: the body the sandbox's core
 * answers (what the HTTP bridge writes and `sandbox.fetch` wraps in a Response), against `JSON.stringify` of
 * the same data, each carried to its UTF-8 length (which the HTTP bridge computes, and which makes a string
 * built of parts one string). The two are taken in turn, so a busy spell of the machine falls on both alike;
 * `sandbox.fetch` and the Response's text are timed as well, for the whole in-process path.
 */
export async function measureLargePage(runs: number): Promise<LargePageResult> {
  await using sandbox = new CoreSandbox({ scenario: 'default', seed: 1 });
  await placeOrders(sandbox);
  const answer = async () => {
    const record = recordOf(new Request(PAGE, { headers: HEADERS }));
    const outcome = await new Promise<Outcome>((answered, failed) => sandbox.answer(record, { answered, failed }));
    if (typeof outcome !== 'object' || !('body' in outcome) || outcome.status !== 200) throw new Error('the page was not answered 200');
    return Buffer.byteLength(outcome.body);
  };
  const fetched = async () => (await sandbox.fetch(new Request(PAGE, { headers: HEADERS }))).text();
  let started = performance.now();
  const body = await fetched();
  const firstReadMs = performance.now() - started;
  const envelope: unknown = JSON.parse(body);
  if (JSON.stringify(envelope) !== body) throw new Error('JSON.stringify of the page does not give its bytes: the baseline would not be the same data');
  const bytes = Buffer.byteLength(body);
  const times = { sandbox: [] as number[], stringify: [] as number[], fetch: [] as number[] };
  for (let run = -3; run < runs; run++) {
    started = performance.now();
    if ((await answer()) !== bytes) throw new Error('the page changed between reads');
    const sandboxMs = performance.now() - started;
    started = performance.now();
    if (Buffer.byteLength(JSON.stringify(envelope)) !== bytes) throw new Error('JSON.stringify gave another length');
    const stringifyMs = performance.now() - started;
    started = performance.now();
    await fetched();
    const fetchMs = performance.now() - started;
    if (run < 0) continue; // warm-up
    times.sandbox.push(sandboxMs);
    times.stringify.push(stringifyMs);
    times.fetch.push(fetchMs);
  }
  return {
    orders: ORDERS,
    esimsPerOrder: ESIMS_PER_ORDER,
    responseBytes: bytes,
    firstReadMs: round(firstReadMs, 2),
    sandboxMs: round(median(times.sandbox), 2),
    stringifyMs: round(median(times.stringify), 2),
    fetchMs: round(median(times.fetch), 2),
    runs,
  };
}

/** 50 orders of 100 eSIMs, spread over the products (5,000 eSIMs each in `default`). */
async function placeOrders(sandbox: CoreSandbox): Promise<void> {
  await sandbox.topup({ apiKey: HEADERS['x-api-key'], amountThb: 10_000_000 });
  const products = ((await (await sandbox.fetch(new Request('http://bench.test/api/v1/getProducts?limit=200', { headers: HEADERS }))).json()) as { data: { id: string }[] }).data;
  for (let i = 0; i < ORDERS; i++) {
    const body = JSON.stringify({ productId: products[i % products.length]!.id, quantity: ESIMS_PER_ORDER });
    const response = await sandbox.fetch(new Request('http://bench.test/api/v1/createOrder', { method: 'POST', headers: HEADERS, body }));
    if (response.status !== 200) throw new Error(`createOrder answered ${response.status}: ${await response.text()}`);
  }
}
