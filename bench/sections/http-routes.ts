import { measureTargets, type LoadResult } from '../lib/load.ts';
import { httpRequest, json, spawnNode } from '../lib/processes.ts';
import { median, round } from '../lib/stats.ts';
import { AUTH, BARE_READY, BARE_SERVER, BIN, SANDBOX_READY } from './paths.ts';

export interface HttpRoutesResult {
  /** The bare node:http server answering getBalance's bytes, and the sandbox's routes, by name. */
  load: Record<string, LoadResult & { responseBytes: number }>;
  createOrder2000: { medianMs: number; runsMs: number[]; responseBytes: number };
}

const JSON_AUTH = { ...AUTH, 'content-type': 'application/json' };

/**
 * The sandbox as `esim-sandbox serve` runs it, next to a bare node:http server answering the same bytes as
 * its getBalance, both loaded from this process. The sandbox first gets a wallet and 50 small orders, so
 * that `getOrders?limit=50` has a full page; then createOrder of 2,000 eSIMs with QR images, end to end.
 */
export async function measureHttpRoutes(options: { warmupSeconds: number; rounds: number; roundSeconds: number; orderRuns: number }): Promise<HttpRoutesResult> {
  const sandbox = await spawnNode([BIN, 'serve', '--port', '0'], SANDBOX_READY);
  let bare: Awaited<ReturnType<typeof spawnNode>> | undefined;
  try {
    const api = sandbox.url;
    const origin = new URL(api).origin;
    await json(`${origin}/__sandbox/topups`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ apiKey: AUTH['x-api-key'], amountThb: 10_000_000 }),
    });
    const products = (await json(`${api}/getProducts?limit=200`, { headers: AUTH })).data as { id: string }[];
    for (let i = 0; i < 50; i++) {
      await json(`${api}/createOrder`, { method: 'POST', headers: JSON_AUTH, body: JSON.stringify({ productId: products[0]!.id, quantity: 1 }) });
    }
    const balance = await httpRequest(`${api}/getBalance`, { headers: AUTH });
    bare = await spawnNode([BARE_SERVER], BARE_READY, { env: { BENCH_BODY: balance.body.toString() } });

    const targets = [
      { name: 'bare node:http', url: bare.url },
      { name: 'getBalance', url: `${api}/getBalance`, headers: AUTH },
      { name: 'getProducts', url: `${api}/getProducts`, headers: AUTH },
      { name: 'getOrders?limit=50', url: `${api}/getOrders?limit=50`, headers: AUTH },
    ];
    const sizes = new Map<string, number>();
    for (const target of targets) sizes.set(target.name, (await httpRequest(target.url, { headers: target.headers })).body.length);
    const load = await measureTargets(targets, options);

    const runsMs: number[] = [];
    let responseBytes = 0;
    for (let run = 0; run <= options.orderRuns; run++) {
      const product = products[1 + (run % (products.length - 1))]!;
      const started = performance.now();
      const answer = await httpRequest(`${api}/createOrder`, {
        method: 'POST',
        headers: JSON_AUTH,
        body: JSON.stringify({ productId: product.id, quantity: 2000, includeQrImages: true }),
      });
      const elapsed = performance.now() - started;
      const items = answer.status === 200 ? (JSON.parse(answer.body.toString()).data.items as { qrBase64Url?: string }[]) : [];
      if (items.length !== 2000 || !items.every((item) => item.qrBase64Url?.startsWith('data:image/png;base64,'))) {
        throw new Error(`createOrder of 2,000 with QR answered ${answer.status}: ${answer.body.toString().slice(0, 300)}`);
      }
      responseBytes = answer.body.length;
      if (run > 0) runsMs.push(round(elapsed, 0)); // run 0 warms up
    }
    return {
      load: Object.fromEntries(Object.entries(load).map(([name, result]) => [name, { ...result, responseBytes: sizes.get(name)! }])),
      createOrder2000: { medianMs: median(runsMs), runsMs, responseBytes },
    };
  } finally {
    await bare?.stop();
    await sandbox.stop();
  }
}
