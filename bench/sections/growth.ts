import { once } from 'node:events';
import { measureTargets, type LoadResult } from '../lib/load.ts';
import { rssBytes, spawnNode } from '../lib/processes.ts';
import { AUTH, GROWTH_SERVER } from './paths.ts';

export interface GrowthLevel {
  orders: number;
  esims: number;
  buildMs: number;
  /** After building, after a full GC. */
  rssBytes: number;
  heapUsedBytes: number;
  /** The most seen while the two routes were loaded. */
  rssUnderLoadBytes: number;
  getOrders: LoadResult;
  getOrderStatus: LoadResult;
}

/**
 * One server whose state grows to each level in turn (orders of 100 eSIMs, built in-process by the child),
 * `getOrders?limit=50` and `getOrderStatus` loaded from here at each level.
 */
export async function measureGrowth(
  levels: number[],
  options: { warmupSeconds: number; rounds: number; roundSeconds: number },
): Promise<GrowthLevel[]> {
  const server = await spawnNode(['--expose-gc', GROWTH_SERVER], /growth server at (http:\/\/\S+)/, { ipc: true });
  const results: GrowthLevel[] = [];
  try {
    for (const level of levels) {
      server.child.send({ grow: level });
      const exited = once(server.child, 'exit').then(([code]) => {
        throw new Error(`the growth server exited (${code}) while growing to ${level} orders`);
      });
      const [built] = (await Promise.race([once(server.child, 'message'), exited])) as [Omit<GrowthLevel, 'getOrders' | 'getOrderStatus' | 'rssUnderLoadBytes'> & { sampleOrderId: string }];
      let rssUnderLoadBytes = built.rssBytes;
      const sampler = setInterval(() => {
        rssUnderLoadBytes = Math.max(rssUnderLoadBytes, rssBytes(server.child.pid!) ?? 0);
      }, 200);
      const load = await measureTargets(
        [
          { name: 'getOrders', url: `${server.url}/getOrders?limit=50`, headers: AUTH },
          { name: 'getOrderStatus', url: `${server.url}/getOrderStatus?purchaseOrderId=${built.sampleOrderId}`, headers: AUTH },
        ],
        { ...options, sequentialRequests: 100 },
      );
      clearInterval(sampler);
      const { sampleOrderId: _, ...figures } = built;
      results.push({ ...figures, rssUnderLoadBytes, getOrders: load.getOrders!, getOrderStatus: load.getOrderStatus! });
    }
    return results;
  } finally {
    await server.stop();
  }
}
