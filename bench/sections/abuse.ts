import type { Target } from '../report.ts';
import { bigOrder, bigOrders, pausedStreams, settle } from '../lib/abuse-clients.ts';
import { largeScenario } from '../lib/large-scenario.ts';
import { httpRequest, rssBytes, spawnNode, type Spawned } from '../lib/processes.ts';
import { busyProcesses, probeShutdown } from '../lib/shutdown-probe.ts';
import { median, MiB, percentile, round } from '../lib/stats.ts';
import { AUTH, BIN, SANDBOX_READY } from './paths.ts';

export interface AbuseSettings {
  /** createOrders of ~60 KB beside one paused stream (the probe: 4,000). */
  orders: number;
  /** Snapshots taken, each after 100 new bodies (the probe: 60). */
  snapshots: number;
  /** SIGTERM runs, quiet and again beside two busy processes. */
  shutdownRuns: number;
}

const mib = (bytes: number) => `${round(bytes / MiB, 0)} MiB`;
const JSON_HEADERS = { 'content-type': 'application/json' };

async function serve(...flags: string[]): Promise<Spawned & { origin: string; rss: () => number }> {
  const served = await spawnNode([BIN, 'serve', '--port', '0', ...flags], SANDBOX_READY);
  return { ...served, origin: new URL(served.url).origin, rss: () => rssBytes(served.child.pid!) ?? 0 };
}

/** RSS growth of a fresh server across `act`, after a warm-up of 100 big orders, each reading taken once the server settles. */
async function rssGrowth(flags: string[], act: (server: Awaited<ReturnType<typeof serve>>) => Promise<void>): Promise<number> {
  const server = await serve(...flags);
  try {
    await bigOrders(server.url, 100);
    await settle(1_000);
    const before = server.rss();
    await act(server);
    await settle(1_000);
    return server.rss() - before;
  } finally {
    await server.stop();
  }
}

/** The figures of the "Done when", each probe bounded and run against a server of its own. */
export async function measureAbuse(settings: AbuseSettings, log: (message: string) => void): Promise<Target[]> {
  const targets: Target[] = [];
  const push = (name: string, target: string, measured: string, met: boolean) => targets.push({ name, target, measured, met });

  log(`abuse: one paused stream and ${settings.orders} createOrders of ~60 KB`);
  const oneStream = await rssGrowth([], async (server) => {
    const streams = await pausedStreams(server.origin, 1);
    await bigOrders(server.url, settings.orders);
    for (const { socket } of streams) socket.destroy();
  });
  push(`RSS growth, 1 paused stream + ${settings.orders} createOrders of ~60 KB`, '< 64 MiB', mib(oneStream), oneStream < 64 * MiB);

  log('abuse: 100 paused ?since=0 streams over a full journal');
  const replays = await rssGrowth(['--max-streams', '128'], async (server) => {
    await bigOrders(server.url, 900);
    const streams = await pausedStreams(server.origin, 100, '/__sandbox/events?since=0');
    await settle(1_000);
    for (const { socket } of streams) socket.destroy();
  });
  push('RSS growth, 100 paused `?since=0` streams', '< 100 MiB', mib(replays), replays < 100 * MiB);

  log('abuse: 2,000 stream attempts, createOrder p50 beside them vs idle');
  {
    const server = await serve();
    try {
      await bigOrders(server.url, 50);
      const idle = median(await bigOrders(server.url, 40));
      const streams = await pausedStreams(server.origin, 2000);
      const open = streams.filter(({ status }) => status === 200).length;
      const busy = median(await bigOrders(server.url, 40));
      for (const { socket } of streams) socket.destroy();
      push('2,000 stream attempts: streams open (cap 32)', '≤ 32', String(open), open <= 32);
      push('createOrder p50 beside them vs idle', '≤ 2×', `${round(busy / idle, 2)}× (${round(busy, 2)} ms vs ${round(idle, 2)} ms)`, busy <= 2 * idle);
    } finally {
      await server.stop();
    }
  }

  log(`abuse: ${settings.snapshots} snapshots, each after 100 new bodies of ~60 KB`);
  const snapshots = await rssGrowth(['--memory-budget', '8192'], async (server) => {
    for (let i = 0; i < settings.snapshots; i++) {
      await bigOrders(server.url, 100);
      const taken = await httpRequest(`${server.origin}/__sandbox/snapshots`, { method: 'POST', headers: JSON_HEADERS, body: '{}' });
      if (taken.status !== 200) throw new Error(`POST /__sandbox/snapshots answered ${taken.status}: ${taken.body}`);
    }
  });
  push(`RSS growth, ${settings.snapshots} snapshots each after 100 bodies of ~60 KB`, '< 150 MiB', mib(snapshots), snapshots < 150 * MiB);

  log('abuse: a session from a 7.6 MB inline scenario, getBalance beside it; then past the memory budget');
  await measureLargeSession(push);

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

async function measureLargeSession(push: (name: string, target: string, measured: string, met: boolean) => void): Promise<void> {
  const body = JSON.stringify({ scenario: largeScenario(7.6e6) });
  const server = await serve('--memory-budget', '1024');
  try {
    await bigOrder(server.url);
    const times: number[] = [];
    let creating = true;
    const poll = (async () => {
      while (creating) {
        const started = performance.now();
        await fetch(`${server.url}/getBalance`, { headers: AUTH }).then((response) => response.arrayBuffer());
        times.push(performance.now() - started);
        await settle(5);
      }
    })();
    const started = performance.now();
    const created = await fetch(`${server.origin}/__sandbox/sessions`, { method: 'POST', headers: JSON_HEADERS, body });
    await created.arrayBuffer();
    // The session's state is built after the answer: the first call with its key waits for it.
    const elapsed = performance.now() - started;
    await settle(2_000);
    creating = false;
    await poll;
    const p99 = percentile(times, 99);
    push(
      'getBalance p99 while a session is built from a 7.6 MB inline scenario',
      '< 250 ms',
      `${round(p99, 1)} ms (max ${round(Math.max(...times), 1)} ms, ${times.length} calls; the session answered in ${round(elapsed, 0)} ms)`,
      p99 < 250,
    );
    let refusal: { status: number; body: Buffer } | undefined;
    for (let i = 0; i < 20 && !refusal; i++) {
      const answer = await httpRequest(`${server.origin}/__sandbox/sessions`, { method: 'POST', headers: JSON_HEADERS, body });
      if (answer.status !== 200) refusal = answer;
    }
    const after = await httpRequest(`${server.url}/getBalance`, { headers: AUTH });
    const code = refusal === undefined ? 'none in 20 sessions' : `${refusal.status} ${JSON.parse(refusal.body.toString()).error.code}`;
    push('past --memory-budget 1024: a clear refusal, then getBalance', '507, then 200', `${code}, then ${after.status}`, refusal?.status === 507 && after.status === 200);
  } finally {
    await server.stop();
  }
}
