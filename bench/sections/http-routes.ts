import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measureTargets, type LoadResult, type LoadTarget } from '../lib/load.ts';
import { httpRequest, json, spawnNode } from '../lib/processes.ts';
import { median, round } from '../lib/stats.ts';
import { AUTH, BARE_READY, BARE_SERVER, BIN, SANDBOX_READY } from './paths.ts';

/** The read routes loaded, by name: the path after the API's base, which is also the bare server's path. */
export const READ_ROUTES = ['getBalance', 'getProducts', 'getOrders?limit=50'] as const;

export interface HttpRoutesResult {
  /** The sandbox's read routes, by name. */
  load: Record<string, LoadResult & { responseBytes: number }>;
  /** The bare node:http server answering each route's bytes as the sandbox sent them, by the route's name. */
  bare?: Record<string, LoadResult>;
  createOrder2000: { medianMs: number; runsMs: number[]; responseBytes: number };
}

const JSON_AUTH = { ...AUTH, 'content-type': 'application/json' };

/**
 * The sandbox as `esim-sandbox serve` runs it, next to a bare node:http server answering, for each read route,
 * exactly the bytes the sandbox answered it (captured first), both loaded from this process: each ratio then
 * compares the same response size, and what is left is the sandbox's own work. The sandbox first gets a
 * wallet and 50 small orders, so that `getOrders?limit=50` has a full page; then createOrder of 2,000 eSIMs
 * with QR images, end to end.
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
    const captured: Record<string, string> = {};
    for (const name of READ_ROUTES) {
      const answer = await httpRequest(`${api}/${name}`, { headers: AUTH });
      if (answer.status !== 200) throw new Error(`${name} answered ${answer.status}: ${answer.body.toString().slice(0, 300)}`);
      captured[`/${name}`] = answer.body.toString();
    }
    const dir = mkdtempSync(join(tmpdir(), 'esim-bench-'));
    try {
      writeFileSync(join(dir, 'answers.json'), JSON.stringify(captured));
      bare = await spawnNode([BARE_SERVER], BARE_READY, { env: { BENCH_ANSWERS: join(dir, 'answers.json') } });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const targets: LoadTarget[] = [];
    const sizes = new Map<string, number>();
    for (const name of READ_ROUTES) {
      const sent = await httpRequest(`${bare.url}/${name}`);
      if (sent.body.toString() !== captured[`/${name}`]) throw new Error(`the bare server does not answer ${name} with the sandbox's bytes`);
      sizes.set(name, sent.body.length);
      targets.push(
        { name, url: `${api}/${name}`, headers: AUTH, pid: sandbox.child.pid },
        { name: `bare ${name}`, url: `${bare.url}/${name}`, headers: AUTH, pid: bare.child.pid },
      );
    }
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
      load: Object.fromEntries(READ_ROUTES.map((name) => [name, { ...load[name]!, responseBytes: sizes.get(name)! }])),
      bare: Object.fromEntries(READ_ROUTES.map((name) => [name, load[`bare ${name}`]!])),
      createOrder2000: { medianMs: median(runsMs), runsMs, responseBytes },
    };
  } finally {
    await bare?.stop();
    await sandbox.stop();
  }
}
