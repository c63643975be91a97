import type { BinaryResult } from './sections/binary.ts';
import type { GrowthLevel } from './sections/growth.ts';
import { READ_ROUTES, type HttpRoutesResult } from './sections/http-routes.ts';
import type { LargePageResult } from './sections/large-page.ts';
import type { InProcessResult } from './sections/in-process.ts';
import type { HostileCase } from './sections/hostile-answers.ts';
import type { OversizeCase } from './sections/oversize-bodies.ts';
import type { ProxyResult } from './sections/proxy.ts';
import type { SoakResult } from './sections/soak.ts';
import { snapshotsTable, type SnapshotCase } from './sections/snapshots.ts';
import { fastPathTable, type FastPathCase } from './sections/fast-path.ts';
import { realTimeTable, type RealTimeCase } from './sections/real-time.ts';
import type { StartupResult } from './sections/startup.ts';
import type { LoadResult } from './lib/load.ts';
import { median, MiB, round } from './lib/stats.ts';

export interface BenchResults {
  machine: { cpus: number; cpuModel: string; node: string; platform: string };
  date: string;
  settings: Record<string, number>;
  /** Processes kept busy-looping beside the run (`--busy`). */
  busyProcesses?: number;
  startup?: StartupResult;
  binary?: BinaryResult;
  http?: HttpRoutesResult;
  largePage?: LargePageResult;
  inProcess?: InProcessResult;
  growth?: GrowthLevel[];
  soak?: SoakResult;
  oversize?: OversizeCase[];
  hostile?: HostileCase[];
  snapshots?: SnapshotCase[];
  fastPath?: FastPathCase[];
  /** The figures of the abuse probes, each with its target. */
  abuse?: Target[];
  realTime?: RealTimeCase[];
  proxy?: ProxyResult;
  targets: Target[];
}

export interface Target {
  name: string;
  target: string;
  measured: string;
  met: boolean;
}

const ratio = (value: number, baseline: number) => `${round(value / baseline, 2)}×`;

/**
 * A route's throughput as a share of its baseline's: the median of the ratios of the rounds, each round taking
 * the two in turn (a slow spell of a shared machine then falls on both of a pair); the ratio of the medians for
 * results without rounds of both.
 */
export function throughputRatio(route: LoadResult, baseline: LoadResult): number {
  const paired = route.rounds?.length && route.rounds.length === baseline.rounds?.length;
  if (!paired) return route.requestsPerSecond / baseline.requestsPerSecond;
  return median(route.rounds.map((round, index) => round.requestsPerSecond / baseline.rounds[index]!.requestsPerSecond));
}
/** The bare server's CPU time per request as a share of the sandbox's: the throughput ratio a saturated core would give. */
const cpuRatio = (route: LoadResult, bare: LoadResult) =>
  route.cpuUsPerRequest && bare.cpuUsPerRequest ? ` (CPU ${ratio(bare.cpuUsPerRequest, route.cpuUsPerRequest)})` : '';
const mib = (bytes: number) => `${round(bytes / MiB, 0)} MiB`;
const n = (value: number) => Math.round(value).toLocaleString('en-US');
/** A latency in ms, shown in µs below 1 ms. */
const time = (ms: number) => (ms < 1 ? `${n(ms * 1000)} µs` : `${round(ms, 2)} ms`);

/**
 * The least throughput of each read route, as a share of the bare server's sending the same bytes: on a quiet
 * machine, and in a run with busy-looping processes beside it (`--busy`), where every process waits its turn.
 */
const READ_ROUTE_FLOORS: Record<'quiet' | 'busy', Record<(typeof READ_ROUTES)[number], number>> = {
  quiet: { getBalance: 0.85, getProducts: 0.85, 'getOrders?limit=50': 0.8 },
  busy: { getBalance: 0.7, getProducts: 0.7, 'getOrders?limit=50': 0.7 },
};
/** The most time the 1.75 MB page may take, as a share of `JSON.stringify` of the same data. */
const LARGE_PAGE_CEILING = 0.5;
/** The least throughput of getBalance through the proxy, as a share of a minimal node:http forwarding proxy's. */
const PROXY_FLOOR = 0.7;
/** The most a p50 latency may grow from 100 orders to the largest state measured. */
const GROWTH_CEILING = 1.5;

/** Each performance target, measured in this run. */
export function targetsOf(results: Omit<BenchResults, 'targets'>): Target[] {
  const targets: Target[] = [];
  const { startup, http, largePage, inProcess, growth, soak, oversize } = results;
  if (startup) {
    targets.push({ name: 'start-up, spawn → first 200', target: '< 300 ms', measured: `${startup.sandboxMs} ms`, met: startup.sandboxMs < 300 });
    for (const command of startup.commands ?? []) {
      targets.push({
        name: `start-up of \`${command.name}\` vs \`${command.baseline}\``,
        target: `≤ ${command.maxRatio}×`,
        measured: `${ratio(command.medianMs, command.baselineMs)} (${command.medianMs} ms vs ${command.baselineMs} ms)`,
        met: command.medianMs <= command.maxRatio * command.baselineMs,
      });
    }
  }
  if (http) {
    for (const name of READ_ROUTES) {
      const value = throughputRatio(http.load[name]!, http.bare?.[name] ?? http.load['bare node:http']!);
      const floor = READ_ROUTE_FLOORS[results.busyProcesses ? 'busy' : 'quiet'][name];
      targets.push({ name: `${name} throughput vs bare node:http sending the same bytes`, target: `≥ ${floor}×`, measured: `${round(value, 2)}×`, met: value >= floor });
    }
    const order = http.createOrder2000.medianMs;
    targets.push({ name: 'createOrder of 2,000 eSIMs with QR images', target: '< 400 ms', measured: `${order} ms`, met: order < 400 });
  }
  if (largePage) {
    const value = largePage.sandboxMs / largePage.stringifyMs;
    targets.push({
      name: `getOrders page of ${n(largePage.orders * largePage.esimsPerOrder)} eSIMs (${round(largePage.responseBytes / 1e6, 2)} MB) in-process vs JSON.stringify of the same data`,
      target: `≤ ${LARGE_PAGE_CEILING}×`,
      measured: `${round(value, 2)}× (${time(largePage.sandboxMs)} vs ${time(largePage.stringifyMs)})`,
      met: value <= LARGE_PAGE_CEILING,
    });
    const fetched = largePage.fetchMs / largePage.stringifyMs;
    targets.push({
      name: `the same page through \`sandbox.fetch\` and the Response's text vs JSON.stringify of the same data`,
      target: `≤ ${LARGE_PAGE_CEILING}×`,
      measured: `${round(fetched, 2)}× (${time(largePage.fetchMs)} vs ${time(largePage.stringifyMs)})`,
      met: fetched <= LARGE_PAGE_CEILING,
    });
  }
  if (inProcess) {
    const value = inProcess.sandboxUs / inProcess.mswFloorUs;
    targets.push({ name: 'in-process request vs msw static floor', target: '≤ 1.2×', measured: `${round(value, 2)}×`, met: value <= 1.2 });
  }
  if (growth && growth.length > 1) {
    const first = growth[0]!;
    const last = growth.at(-1)!;
    for (const route of ['getOrders', 'getOrderStatus'] as const) {
      const value = last[route].unloaded.p50Ms / first[route].unloaded.p50Ms;
      targets.push({
        name: `${route} latency (p50, one client) at ${n(last.orders)} orders vs ${n(first.orders)}`,
        target: `≤ ${GROWTH_CEILING}×`,
        measured: `${round(value, 2)}× (${time(last[route].unloaded.p50Ms)} vs ${time(first[route].unloaded.p50Ms)})`,
        met: value <= GROWTH_CEILING,
      });
    }
    const peak = Math.max(last.rssBytes, last.rssUnderLoadBytes);
    targets.push({ name: `RSS at ${n(last.esims)} eSIMs (peak under load)`, target: '< 1 GiB', measured: mib(peak), met: peak < 1024 * MiB });
  }
  if (soak) {
    const value = soak.rssEndBytes / soak.rssAfterWarmupBytes;
    targets.push({
      name: `RSS after ${soak.seconds} s at full speed vs after warm-up`,
      target: '≤ 1.2×',
      measured: `${round(value, 2)}× (${mib(soak.rssAfterWarmupBytes)} → ${mib(soak.rssEndBytes)})`,
      met: value <= 1.2,
    });
  }
  if (results.hostile) {
    for (const row of results.hostile.filter((candidate) => /1 GiB|bomb/.test(candidate.case))) {
      targets.push({ name: `verify against a ${row.case}: RSS growth, exit 2`, target: '< 64 MB', measured: `${mib(row.growthBytes)}, exit ${row.exitCode}`, met: row.growthBytes < 64e6 && row.exitCode === 2 });
    }
    const limited = results.hostile.find((candidate) => candidate.case.startsWith('always 429'));
    if (limited) targets.push({ name: 'verify against an endless 429 ends within --budget 60', target: '< 60 s', measured: `${round(limited.ms / 1000, 1)} s`, met: limited.ms < 60_000 });
  }
  if (oversize) {
    const attempts = oversize.reduce((sum, row) => sum + row.attempts, 0);
    const errors = oversize.reduce((sum, row) => sum + row.errors, 0);
    targets.push({ name: 'oversize bodies answered 413 (not reset), fetch and curl', target: '0 errors', measured: `${errors} of ${n(attempts)}`, met: errors === 0 });
  }
  if (results.proxy) {
    const value = throughputRatio(results.proxy.ours, results.proxy.minimal);
    targets.push({ name: 'getBalance through the proxy vs a minimal node:http forwarding proxy', target: `≥ ${PROXY_FLOOR}×`, measured: `${round(value, 2)}×`, met: value >= PROXY_FLOOR });
  }
  if (results.abuse) targets.push(...results.abuse);
  return targets;
}

/** `esim-sandbox verify` against each hostile server: exit code, time, peak RSS and growth over the baseline, in markdown. */
export function hostileTable(cases: HostileCase[]): string {
  const lines = ['| `verify` against | exit | time | peak RSS | growth over baseline | said |', '|---|---|---|---|---|---|'];
  for (const row of cases) lines.push(`| ${row.case} | ${row.exitCode} | ${n(row.ms)} ms | ${mib(row.peakRssBytes)} | ${mib(row.growthBytes)} | ${row.said.slice(0, 140)} |`);
  return lines.join('\n');
}

/** Attempts and errors per oversize body, client and load, in markdown. */
export function oversizeTable(cases: OversizeCase[]): string {
  const lines = ['| client | body | CPU load | attempts | errors | what went wrong |', '|---|---|---|---|---|---|'];
  for (const row of cases) {
    const kinds = Object.entries(row.kinds).map(([kind, count]) => `${kind} × ${count}`).join(', ') || '—';
    lines.push(`| ${row.client} | ${row.body} | ${row.cpuLoad ? '2 busy processes' : 'none'} | ${row.attempts} | ${row.errors} | ${kinds} |`);
  }
  return lines.join('\n');
}

/** The single-file executable next to the npm-installed command: size, build time, start-up. */
export function binaryTable(binary: BinaryResult): string {
  const mb = (bytes: number) => `${round(bytes / 1e6, 1)} MB`;
  const lines = [
    `Single-file executable (\`npm run build:binary\`): ${mb(binary.sizeBytes)} (the Node it is made from: ${mb(binary.nodeBytes)}), built in ${round(binary.buildMs / 1000, 1)} s after \`npm run build\`.`,
    '',
    `| start-up (median of ${binary.startup[0]?.binaryRunsMs.length ?? 0}, alternating) | single-file executable | npm-installed (\`node bin/esim-sandbox.js\`) | ratio |`,
    '|---|---|---|---|',
  ];
  for (const command of binary.startup) {
    lines.push(`| \`esim-sandbox ${command.name}\` | ${command.binaryMs} ms | ${command.npmMs} ms | ${ratio(command.binaryMs, command.npmMs)} |`);
  }
  return lines.join('\n');
}

/** getBalance through our proxy and through a minimal node:http forwarding proxy, in markdown. */
export function proxyTable(proxy: ProxyResult): string {
  const figures = (route: LoadResult) => `${n(route.requestsPerSecond)} req/s · ${route.p50Ms} ms · ${route.p99Ms} ms${route.cpuUsPerRequest === undefined ? '' : ` · ${round(route.cpuUsPerRequest, 1)} µs`}`;
  return [
    `| \`getBalance\` (${n(proxy.responseBytes)} B) forwarded to a sandbox server: throughput · p50 · p99 (10 connections) · proxy CPU per request | \`esim-sandbox proxy\` | minimal node:http proxy (keep-alive agent, piped answer) | ratio (median of ${proxy.ours.rounds.length} paired rounds) |`,
    '|---|---|---|---|',
    `| | ${figures(proxy.ours)} | ${figures(proxy.minimal)} | ${round(throughputRatio(proxy.ours, proxy.minimal), 2)}×${cpuRatio(proxy.ours, proxy.minimal)} |`,
  ].join('\n');
}

/** The tables README.md's Performance section shows, in markdown. */
export function markdown(results: BenchResults): string {
  const lines: string[] = [];
  const { machine, startup, http, largePage, inProcess, growth, soak } = results;
  const busy = results.busyProcesses ? `; ${results.busyProcesses} busy-looping processes beside the run` : '';
  lines.push(`Machine: ${machine.cpus} × ${machine.cpuModel}, Node ${machine.node}, ${machine.platform}; ${results.date}${busy}.`, '');
  lines.push('| measure | sandbox | baseline | ratio |', '|---|---|---|---|');
  const cpu = (route: LoadResult) => (route.cpuUsPerRequest === undefined ? '' : ` · ${round(route.cpuUsPerRequest, 1)} µs CPU`);
  const routeFigures = (route: LoadResult) =>
    `${n(route.requestsPerSecond)} req/s · ${time(route.unloaded.p50Ms)} · ${time(route.unloaded.p99Ms)} · ${route.p50Ms} ms · ${route.p99Ms} ms${cpu(route)}`;
  if (startup) {
    lines.push(`| start-up: spawn → first 200 (median of ${startup.runs.sandboxMs.length}) | ${startup.sandboxMs} ms | ${startup.bareMs} ms (bare node:http) | ${ratio(startup.sandboxMs, startup.bareMs)} |`);
  }
  if (http) {
    for (const name of READ_ROUTES) {
      const route = http.load[name]!;
      // Results written before the bare server answered each route's own bytes have one bare server, sending getBalance's.
      const bare = http.bare?.[name] ?? http.load['bare node:http']!;
      const same = http.bare?.[name] ? 'bare, same bytes' : 'bare, getBalance\'s bytes';
      lines.push(
        `| \`${name}\` over HTTP (${n(route.responseBytes)} B): throughput · p50 · p99 (one client) · p50 · p99 (10 connections) · CPU per request | ${routeFigures(route)} | ${routeFigures(bare)} (${same}) | ${round(throughputRatio(route, bare), 2)}×${cpuRatio(route, bare)} |`,
      );
    }
    const order = http.createOrder2000;
    lines.push(`| \`createOrder\` 2,000 eSIMs + QR images, end to end (${round(order.responseBytes / MiB, 1)} MiB; median of ${order.runsMs.length}) | ${order.medianMs} ms | — | — |`);
  }
  if (largePage) {
    const page = largePage;
    lines.push(
      `| \`getOrders?limit=50\` of ${page.orders} orders × ${page.esimsPerOrder} eSIMs in-process (${round(page.responseBytes / 1e6, 2)} MB): the core's answer, median of ${page.runs} (first read) | ${time(page.sandboxMs)} (${time(page.firstReadMs)}) | ${time(page.stringifyMs)} (\`JSON.stringify\` of the same data) | ${ratio(page.sandboxMs, page.stringifyMs)} |`,
      `| the same page through \`sandbox.fetch\` and the Response's text | ${time(page.fetchMs)} | ${time(page.stringifyMs)} | ${ratio(page.fetchMs, page.stringifyMs)} |`,
    );
  }
  if (inProcess) {
    lines.push(`| in-process via msw \`setupServer\` + fetch, per request | ${inProcess.sandboxUs} µs | ${inProcess.mswFloorUs} µs (static \`HttpResponse.json\`) | ${ratio(inProcess.sandboxUs, inProcess.mswFloorUs)} |`);
  }
  if (soak) {
    lines.push(
      `| soak: ${soak.seconds} s full-speed mix (${n(soak.requestsPerSecond)} req/s), RSS after warm-up → end (peak) | ${mib(soak.rssAfterWarmupBytes)} → ${mib(soak.rssEndBytes)} (${mib(soak.rssPeakBytes)}) | — | ${ratio(soak.rssEndBytes, soak.rssAfterWarmupBytes)} |`,
    );
  }
  if (startup?.commands) {
    lines.push('', `| start-up (median of ${startup.runs.sandboxMs.length}, alternating) | command | baseline | ratio | target | met |`, '|---|---|---|---|---|---|');
    for (const command of startup.commands) {
      const met = command.medianMs <= command.maxRatio * command.baselineMs;
      lines.push(
        `| \`${command.name}\` | ${command.medianMs} ms | ${command.baselineMs} ms (\`${command.baseline}\`) | ${ratio(command.medianMs, command.baselineMs)} | ≤ ${command.maxRatio}× | ${met ? 'met' : '**missed**'} |`,
      );
    }
  }
  if (results.binary) lines.push('', binaryTable(results.binary));
  if (growth) {
    lines.push(
      '',
      '| orders (eSIMs) in state | build | RSS after GC (peak under load) | `getOrders?limit=50`: p50 · p99 (one client) · req/s (10 connections) | `getOrderStatus`: p50 · p99 · req/s |',
      '|---|---|---|---|---|',
    );
    const figures = (route: LoadResult) => `${time(route.unloaded.p50Ms)} · ${time(route.unloaded.p99Ms)} · ${n(route.requestsPerSecond)}`;
    for (const level of growth) {
      lines.push(
        `| ${n(level.orders)} (${n(level.esims)}) | ${round(level.buildMs / 1000, 1)} s | ${mib(level.rssBytes)} (${mib(level.rssUnderLoadBytes)}) | ${figures(level.getOrders)} | ${figures(level.getOrderStatus)} |`,
      );
    }
  }
  if (results.oversize) lines.push('', oversizeTable(results.oversize));
  if (results.hostile) lines.push('', hostileTable(results.hostile));
  if (results.snapshots) lines.push('', snapshotsTable(results.snapshots));
  if (results.fastPath) lines.push('', fastPathTable(results.fastPath));
  if (results.realTime) lines.push('', realTimeTable(results.realTime));
  if (results.proxy) lines.push('', proxyTable(results.proxy));
  lines.push('', '| target | wanted | measured | met |', '|---|---|---|---|');
  for (const target of results.targets) lines.push(`| ${target.name} | ${target.target} | ${target.measured} | ${target.met ? 'yes' : '**no**'} |`);
  return lines.join('\n');
}
