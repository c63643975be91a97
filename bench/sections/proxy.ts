import { measureTargets, type LoadResult } from '../lib/load.ts';
import { httpRequest, spawnNode, type Spawned } from '../lib/processes.ts';
import { AUTH, BARE_READY, PROXY_SERVERS } from './paths.ts';

export interface ProxyResult {
  /** getBalance through `esim-sandbox proxy` (startProxy). */
  ours: LoadResult;
  /** getBalance through a minimal node:http forwarding proxy with a keep-alive agent, in front of the same upstream. */
  minimal: LoadResult;
  responseBytes: number;
}

/**
 * A sandbox server as the upstream, our proxy and a minimal node:http forwarding proxy in front of it, each in its
 * own process; getBalance loaded through each proxy from this process, in paired rounds (bench/proxy-servers.mjs).
 */
export async function measureProxy(options: { warmupSeconds: number; rounds: number; roundSeconds: number }): Promise<ProxyResult> {
  const started: Spawned[] = [];
  try {
    const upstream = await spawnNode([PROXY_SERVERS, 'upstream'], BARE_READY);
    started.push(upstream);
    const ours = await spawnNode([PROXY_SERVERS, 'ours', upstream.url], BARE_READY);
    started.push(ours);
    const minimal = await spawnNode([PROXY_SERVERS, 'minimal', upstream.url], BARE_READY);
    started.push(minimal);
    const direct = await httpRequest(`${upstream.url}/getBalance`, { headers: AUTH });
    for (const proxy of [ours, minimal]) {
      const answer = await httpRequest(`${proxy.url}/getBalance`, { headers: AUTH });
      if (answer.status !== 200 || answer.body.toString() !== direct.body.toString()) {
        throw new Error(`getBalance through ${proxy.url} answered ${answer.status}: ${answer.body.toString().slice(0, 300)}`);
      }
    }
    const load = await measureTargets(
      [
        { name: 'ours', url: `${ours.url}/getBalance`, headers: AUTH, pid: ours.child.pid },
        { name: 'minimal', url: `${minimal.url}/getBalance`, headers: AUTH, pid: minimal.child.pid },
      ],
      options,
    );
    return { ours: load.ours!, minimal: load.minimal!, responseBytes: direct.body.length };
  } finally {
    for (const child of started.reverse()) await child.stop();
  }
}
