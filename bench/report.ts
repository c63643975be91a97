import type { BinaryResult } from './sections/binary.ts';
import type { GrowthLevel } from './sections/growth.ts';
import type { HttpRoutesResult } from './sections/http-routes.ts';
import type { InProcessResult } from './sections/in-process.ts';
import type { OversizeCase } from './sections/oversize-bodies.ts';
import type { SoakResult } from './sections/soak.ts';
import { snapshotsTable, type SnapshotCase } from './sections/snapshots.ts';
import { fastPathTable, type FastPathCase } from './sections/fast-path.ts';
import { realTimeTable, type RealTimeCase } from './sections/real-time.ts';
import type { StartupResult } from './sections/startup.ts';
import type { LoadResult } from './lib/load.ts';
import { MiB, round } from './lib/stats.ts';

export interface BenchResults {
  machine: { cpus: number; cpuModel: string; node: string; platform: string };
  date: string;
  settings: Record<string, number>;
  startup?: StartupResult;
  binary?: BinaryResult;
  http?: HttpRoutesResult;
  inProcess?: InProcessResult;
  growth?: GrowthLevel[];
  soak?: SoakResult;
  oversize?: OversizeCase[];
  snapshots?: SnapshotCase[];
  fastPath?: FastPathCase[];
  realTime?: RealTimeCase[];
  targets: Target[];
}

export interface Target {
  name: string;
  target: string;
  measured: string;
  met: boolean;
}

const ratio = (value: number, baseline: number) => `${round(value / baseline, 2)}×`;
const mib = (bytes: number) => `${round(bytes / MiB, 0)} MiB`;
const n = (value: number) => Math.round(value).toLocaleString('en-US');
/** A latency in ms, shown in µs below 1 ms. */
const time = (ms: number) => (ms < 1 ? `${n(ms * 1000)} µs` : `${round(ms, 2)} ms`);

/** Each target of issue 5, measured in this run. */
export function targetsOf(results: Omit<BenchResults, 'targets'>): Target[] {
  const targets: Target[] = [];
  const { startup, http, inProcess, growth, soak, oversize } = results;
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
    const value = http.load.getBalance!.requestsPerSecond / http.load['bare node:http']!.requestsPerSecond;
    targets.push({ name: 'getBalance throughput vs bare node:http', target: '≥ 0.4×', measured: `${round(value, 2)}×`, met: value >= 0.4 });
    const order = http.createOrder2000.medianMs;
    targets.push({ name: 'createOrder of 2,000 eSIMs with QR images', target: '< 400 ms', measured: `${order} ms`, met: order < 400 });
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
        target: '≤ 2×',
        measured: `${round(value, 2)}× (${time(last[route].unloaded.p50Ms)} vs ${time(first[route].unloaded.p50Ms)})`,
        met: value <= 2,
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
  if (oversize) {
    const attempts = oversize.reduce((sum, row) => sum + row.attempts, 0);
    const errors = oversize.reduce((sum, row) => sum + row.errors, 0);
    targets.push({ name: 'oversize bodies answered 413 (not reset), fetch and curl', target: '0 errors', measured: `${errors} of ${n(attempts)}`, met: errors === 0 });
  }
  return targets;
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

/** The tables README.md's Performance section shows, in markdown. */
export function markdown(results: BenchResults): string {
  const lines: string[] = [];
  const { machine, startup, http, inProcess, growth, soak } = results;
  lines.push(`Machine: ${machine.cpus} × ${machine.cpuModel}, Node ${machine.node}, ${machine.platform}; ${results.date}.`, '');
  lines.push('| measure | sandbox | baseline | ratio |', '|---|---|---|---|');
  const routeFigures = (route: HttpRoutesResult['load'][string]) =>
    `${n(route.requestsPerSecond)} req/s · ${time(route.unloaded.p50Ms)} · ${time(route.unloaded.p99Ms)} · ${route.p50Ms} ms · ${route.p99Ms} ms`;
  if (startup) {
    lines.push(`| start-up: spawn → first 200 (median of ${startup.runs.sandboxMs.length}) | ${startup.sandboxMs} ms | ${startup.bareMs} ms (bare node:http) | ${ratio(startup.sandboxMs, startup.bareMs)} |`);
  }
  if (http) {
    const bare = http.load['bare node:http']!;
    for (const name of ['getBalance', 'getProducts', 'getOrders?limit=50']) {
      const route = http.load[name]!;
      lines.push(
        `| \`${name}\` over HTTP (${n(route.responseBytes)} B): throughput · p50 · p99 (one client) · p50 · p99 (10 connections) | ${routeFigures(route)} | ${routeFigures(bare)} (bare) | ${ratio(route.requestsPerSecond, bare.requestsPerSecond)} |`,
      );
    }
    const order = http.createOrder2000;
    lines.push(`| \`createOrder\` 2,000 eSIMs + QR images, end to end (${round(order.responseBytes / MiB, 1)} MiB; median of ${order.runsMs.length}) | ${order.medianMs} ms | — | — |`);
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
  if (results.snapshots) lines.push('', snapshotsTable(results.snapshots));
  if (results.fastPath) lines.push('', fastPathTable(results.fastPath));
  if (results.realTime) lines.push('', realTimeTable(results.realTime));
  lines.push('', '| target | wanted | measured | met |', '|---|---|---|---|');
  for (const target of results.targets) lines.push(`| ${target.name} | ${target.target} | ${target.measured} | ${target.met ? 'yes' : '**no**'} |`);
  return lines.join('\n');
}
