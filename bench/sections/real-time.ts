import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadOnce } from '../lib/load.ts';
import { httpRequest, spawnNode, type Spawned } from '../lib/processes.ts';
import { median, round as roundTo } from '../lib/stats.ts';
import { AUTH, BARE_READY, BARE_SERVER, BIN, SANDBOX_READY } from './paths.ts';

const HINTED_SCENARIO = path.join(tmpdir(), `esim-bench-hinted-${process.pid}.json`);

/** getBalance under each set-up, and its throughput as a share of the bare server's, measured in the same run. */
export interface RealTimeCase {
  name: string;
  requestsPerSecond: number;
  ratioToBare: number;
  non2xx: number;
}

/**
 * What chaos off and hints cost on the hottest route: getBalance of `esim-sandbox serve` as it is (hints on,
 * chaos off), with `--no-hints`, with `--chaos 0`, and with a hint on every request (a scenario that ignores
 * unknown query parameters, asked `getBalance?verbose=1`) — each next to a bare node:http server answering the
 * same bytes. `baselineBin`, when given, is the command of an earlier build, measured alongside as "the run before".
 */
export async function measureRealTime(
  options: { warmupSeconds: number; rounds: number; roundSeconds: number },
  baselineBin?: string,
): Promise<RealTimeCase[]> {
  const setups: Array<[name: string, bin: string, args: string[]]> = [
    ['hints on, chaos off (default)', BIN, []],
    ['--no-hints', BIN, ['--no-hints']],
    ['--chaos 0', BIN, ['--chaos', '0']],
    ['a hint on every request (x-sandbox-hint answered)', BIN, ['--scenario', HINTED_SCENARIO]],
    ...(baselineBin ? [['earlier build (before clock modes, hints, chaos)', baselineBin, []] as [string, string, string[]]] : []),
  ];
  const servers: Spawned[] = [];
  writeFileSync(HINTED_SCENARIO, JSON.stringify({ name: 'hinted', description: 'unknown query parameters ignored', extends: 'default', behavior: { unknownQueryParameter: 'ignore' } }));
  try {
    for (const [, bin, args] of setups) servers.push(await spawnNode([bin, 'serve', '--port', '0', ...args], SANDBOX_READY));
    const body = (await httpRequest(`${servers[0]!.url}/getBalance`, { headers: AUTH })).body.toString();
    const bare = await spawnNode([BARE_SERVER], BARE_READY, { env: { BENCH_BODY: body } });
    servers.push(bare);
    const targets = [
      { name: 'bare node:http', url: bare.url },
      ...setups.map(([name], index) => ({ name, url: `${servers[index]!.url}/getBalance${name.startsWith('a hint') ? '?verbose=1' : ''}`, headers: AUTH })),
    ];
    // Each round takes the targets in another order (the first of a round runs on a calmer machine than the last),
    // and each figure is set against the bare server's of the same round.
    for (const target of targets) await loadOnce(target, options.warmupSeconds);
    const rates = new Map(targets.map((target) => [target.name, [] as number[]]));
    const ratios = new Map(targets.map((target) => [target.name, [] as number[]]));
    const non2xx = new Map(targets.map((target) => [target.name, 0]));
    for (let turn = 0; turn < options.rounds; turn++) {
      const order = targets.map((_, index) => targets[(index + turn) % targets.length]!);
      const round = new Map<string, number>();
      for (const target of order) {
        const run = await loadOnce(target, options.roundSeconds);
        round.set(target.name, run.figures.requestsPerSecond);
        non2xx.set(target.name, non2xx.get(target.name)! + run.non2xx);
      }
      for (const target of targets) {
        rates.get(target.name)!.push(round.get(target.name)!);
        ratios.get(target.name)!.push(round.get(target.name)! / round.get('bare node:http')!);
      }
    }
    return targets.map(({ name }) => ({
      name,
      requestsPerSecond: median(rates.get(name)!),
      ratioToBare: roundTo(median(ratios.get(name)!), 2),
      non2xx: non2xx.get(name)!,
    }));
  } finally {
    for (const server of servers) await server.stop();
    rmSync(HINTED_SCENARIO, { force: true });
  }
}

export function realTimeTable(cases: readonly RealTimeCase[]): string {
  const lines = ['| `getBalance` over HTTP, 10 connections | req/s (median of rounds) | ratio to bare (median of per-round ratios) |', '|---|---|---|'];
  for (const c of cases) lines.push(`| ${c.name} | ${c.requestsPerSecond} | ${c.ratioToBare} |`);
  return lines.join('\n');
}
