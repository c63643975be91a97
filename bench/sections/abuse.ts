import type { Target } from '../report.ts';
import { bigOrders, pausedStreams, settle } from '../lib/abuse-clients.ts';
import { measureLargeSession } from './large-session.ts';
import { httpRequest, rssBytes, spawnNode, type Spawned } from '../lib/processes.ts';
import { busyProcesses } from '../lib/busy-processes.ts';
import { probeShutdown } from '../lib/shutdown-probe.ts';
import { median, MiB, percentile, round } from '../lib/stats.ts';
import { BIN, SANDBOX_READY } from './paths.ts';

export interface AbuseSettings {
  /** createOrders of ~60 KB beside one paused stream (the probe: 4,000). */
  orders: number;
  /** Snapshots taken, each after 100 new bodies (the probe: 60). */
  snapshots: number;
  /** SIGTERM runs, quiet and again beside two busy processes. */
  shutdownRuns: number;
  /** Big orders before the first reading, so that the heap has reached its working size. */
  warmup: number;
}

const mib = (bytes: number) => `${round(bytes / MiB, 0)} MiB`;
const JSON_HEADERS = { 'content-type': 'application/json' };

async function serve(...flags: string[]): Promise<Spawned & { origin: string; rss: () => number }> {
  const served = await spawnNode([BIN, 'serve', '--port', '0', ...flags], SANDBOX_READY);
  return { ...served, origin: new URL(served.url).origin, rss: () => rssBytes(served.child.pid!) ?? 0 };
}

type Server = Awaited<ReturnType<typeof serve>>;

/**
 * RSS growth of a fresh server across `act`, measured once its heap has reached its working size: after
 * `warmup` big orders (which also fill the journal), each reading taken once the server has settled.
 */
async function rssGrowth(warmup: number, flags: string[], act: (server: Server) => Promise<void>): Promise<number> {
  const server = await serve(...flags);
  try {
    await bigOrders(server.url, warmup);
    await settle(1_000);
    const before = server.rss();
    await act(server);
    await settle(1_000);
    return server.rss() - before;
  } finally {
    await server.stop();
  }
}

const closeAll = (streams: { socket: { destroy(): void } }[]) => streams.forEach(({ socket }) => socket.destroy());

/** The figures of the "Done when", each probe bounded and run against a server of its own. */
export async function measureAbuse(settings: AbuseSettings, log: (message: string) => void): Promise<Target[]> {
  const targets: Target[] = [];
  const push = (name: string, target: string, measured: string, met: boolean) => targets.push({ name, target, measured, met });
  const { warmup } = settings;

  log(`abuse: ${settings.orders} createOrders of ~60 KB, without and with one paused stream`);
  const ordersAlone = await rssGrowth(warmup, [], (server) => bigOrders(server.url, settings.orders).then(() => undefined));
  const oneStream = await rssGrowth(warmup, [], async (server) => {
    const streams = await pausedStreams(server.origin, 1);
    await bigOrders(server.url, settings.orders);
    closeAll(streams);
  });
  push(
    `RSS growth, 1 paused stream + ${settings.orders} createOrders of ~60 KB`,
    '< 64 MiB',
    `${mib(oneStream)} (the same orders without the stream: ${mib(ordersAlone)})`,
    oneStream < 64 * MiB,
  );

  log('abuse: 100 paused ?since=0 streams over a full journal');
  const replays = await rssGrowth(warmup, ['--max-streams', '128'], async (server) => {
    const streams = await pausedStreams(server.origin, 100, '/__sandbox/events?since=0');
    await settle(1_000);
    closeAll(streams);
  });
  push('RSS growth, 100 paused `?since=0` streams over a full journal', '< 100 MiB', mib(replays), replays < 100 * MiB);

  log('abuse: 2,000 stream attempts, createOrder p50 beside them vs idle');
  {
    const server = await serve();
    try {
      await bigOrders(server.url, warmup);
      const idle = median(await bigOrders(server.url, 100));
      const streams = await pausedStreams(server.origin, 2000);
      const open = streams.filter(({ status }) => status === 200).length;
      await settle(1_000);
      const busy = median(await bigOrders(server.url, 100));
      closeAll(streams);
      push('2,000 stream attempts: streams open (cap 32)', '≤ 32', String(open), open <= 32);
      push('createOrder p50 beside them vs idle', '≤ 2×', `${round(busy / idle, 2)}× (${round(busy, 2)} ms vs ${round(idle, 2)} ms)`, busy <= 2 * idle);
    } finally {
      await server.stop();
    }
  }

  log(`abuse: ${settings.snapshots} snapshots, each after 100 new bodies of ~60 KB, and the same orders without them`);
  const snapshotRounds = (snapshot: boolean) => async (server: Server) => {
    for (let i = 0; i < settings.snapshots; i++) {
      await bigOrders(server.url, 100);
      if (!snapshot) continue;
      const taken = await httpRequest(`${server.origin}/__sandbox/snapshots`, { method: 'POST', headers: JSON_HEADERS, body: '{}' });
      if (taken.status !== 200) throw new Error(`POST /__sandbox/snapshots answered ${taken.status}: ${taken.body}`);
    }
  };
  const withoutSnapshots = await rssGrowth(warmup, [], snapshotRounds(false));
  const snapshots = await rssGrowth(warmup, [], snapshotRounds(true));
  push(
    `RSS growth, ${settings.snapshots} snapshots each after 100 bodies of ~60 KB`,
    '< 150 MiB',
    `${mib(snapshots)} (the same orders without snapshots: ${mib(withoutSnapshots)})`,
    snapshots < 150 * MiB,
  );

  log('abuse: a session from a 7.6 MB inline scenario, getBalance beside it; then past the memory budget');
  await measureLargeSession(push, log);

  log(`abuse: SIGTERM after 50 createOrders sent whole, ${settings.shutdownRuns} runs quiet and ${settings.shutdownRuns} beside two busy processes`);
  for (const busy of [false, true]) {
    const others = busy ? busyProcesses(2) : undefined;
    const probes = [];
    try {
      for (let run = 0; run < settings.shutdownRuns; run++) probes.push(await probeShutdown(50, 50));
    } finally {
      await others?.stop();
    }
    const answered = probes.reduce((sum, probe) => sum + probe.answered, 0);
    const clean = probes.every((probe) => probe.exitCode === 0);
    const exitMs = round(median(probes.map((probe) => probe.exitMs)), 0);
    push(
      `SIGTERM after 50 createOrders${busy ? ', two busy processes beside' : ''}: answered, exit 0`,
      '50 of 50, exit 0',
      `${answered} of ${50 * probes.length} in ${probes.length} runs, ${clean ? 'all exit 0' : 'not all exit 0'}, exit ${exitMs} ms after the signal (median)`,
      answered === 50 * probes.length && clean,
    );
  }
  return targets;
}
