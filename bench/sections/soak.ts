import type autocannon from 'autocannon';
import { loadOnce } from '../lib/load.ts';
import { json, rssBytes, spawnNode } from '../lib/processes.ts';
import { AUTH, BIN, SANDBOX_READY } from './paths.ts';

export interface SoakResult {
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  non2xx: number;
  errors: number;
  rssAfterWarmupBytes: number;
  rssEndBytes: number;
  rssPeakBytes: number;
  /** RSS every 5 s of the run. */
  rssSamplesBytes: number[];
  /** The journal's length at the end: its capacity (1,000), however many requests came. */
  journalEntries: number;
}

/**
 * `esim-sandbox serve` under a full-speed mix for `seconds`, after a warm-up of the same mix: reads, order
 * replays (one idempotency key: no new state), refusals (404, 401, 400) that fill the journal, QR images of
 * one order. Memory that grows with requests rather than with state shows up as RSS climbing.
 */
export async function measureSoak(seconds: number, warmupSeconds: number): Promise<SoakResult> {
  const sandbox = await spawnNode([BIN, 'serve', '--port', '0'], SANDBOX_READY);
  try {
    const api = sandbox.url;
    const products = (await json(`${api}/getProducts?limit=5`, { headers: AUTH })).data as { id: string }[];
    const orderBody = JSON.stringify({ productId: products[0]!.id, quantity: 3, idempotencyKey: 'soak-replayed-order' });
    const jsonAuth = { ...AUTH, 'content-type': 'application/json' };
    const order = (await json(`${api}/createOrder`, { method: 'POST', headers: jsonAuth, body: orderBody })).data as { purchaseOrderId: string };
    const path = new URL(api).pathname;
    const requests: autocannon.Request[] = [
      { method: 'GET', path: `${path}/getBalance`, headers: AUTH },
      { method: 'GET', path: `${path}/getProducts?limit=10`, headers: AUTH },
      { method: 'GET', path: `${path}/getOrders?limit=5`, headers: AUTH },
      { method: 'POST', path: `${path}/createOrder`, headers: jsonAuth, body: orderBody },
      { method: 'GET', path: `${path}/getOrderStatus?purchaseOrderId=${order.purchaseOrderId}&includeQrImages=true`, headers: AUTH },
      { method: 'GET', path: `${path}/noSuchRoute`, headers: AUTH },
      { method: 'GET', path: `${path}/getBalance`, headers: { 'x-api-key': 'sk_live_not_a_key' } },
      { method: 'GET', path: `${path}/getOrders?limit=0`, headers: AUTH },
    ];
    const target = { name: 'soak', url: new URL(api).origin, requests };
    await loadOnce(target, warmupSeconds);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const pid = sandbox.child.pid!;
    const rssAfterWarmupBytes = rssBytes(pid) ?? 0;
    const rssSamplesBytes: number[] = [];
    let rssPeakBytes = rssAfterWarmupBytes;
    const sampler = setInterval(() => {
      const rss = rssBytes(pid) ?? 0;
      rssSamplesBytes.push(rss);
      rssPeakBytes = Math.max(rssPeakBytes, rss);
    }, 5000);
    const run = await loadOnce(target, seconds);
    clearInterval(sampler);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const rssEndBytes = rssBytes(pid) ?? 0;
    const journal = (await json(`${new URL(api).origin}/__sandbox/requests`)).data as unknown[];
    return {
      seconds,
      requests: Math.round(run.figures.requestsPerSecond * seconds),
      requestsPerSecond: run.figures.requestsPerSecond,
      non2xx: run.non2xx,
      errors: run.errors,
      rssAfterWarmupBytes,
      rssEndBytes,
      rssPeakBytes,
      rssSamplesBytes,
      journalEntries: journal.length,
    };
  } finally {
    await sandbox.stop();
  }
}
