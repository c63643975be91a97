// npm run bench [-- --soak [--soak-seconds 60] [--soak-warmup 30]] [-- --quick] [-- --busy 2]
//   [-- --sections startup,binary,http,page,in-process,fast-path,growth,snapshots,soak,oversize,abuse,large-session,hostile,real-time,proxy]
// (real-time: BENCH_BASELINE_BIN=<an earlier build's bin/esim-sandbox.js> measures it alongside)
// Measures the sandbox against baselines run alongside it (see README.md, "Performance"), prints markdown
// tables and, for a full run, writes bench/results/latest.json. The servers run in child processes; the
// load comes from this process with autocannon over loopback. `--busy N` keeps N other processes busy-looping
// for the whole run (a machine shared with CPU-bound work).
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, platform, release } from 'node:os';
import { parseArgs } from 'node:util';
import { markdown, targetsOf, type BenchResults } from './report.ts';
import { measureAbuse } from './sections/abuse.ts';
import { measureLargeSession } from './sections/large-session.ts';
import { measureBinary } from './sections/binary.ts';
import { measureGrowth } from './sections/growth.ts';
import { measureHostileAnswers } from './sections/hostile-answers.ts';
import { measureHttpRoutes } from './sections/http-routes.ts';
import { measureLargePage } from './sections/large-page.ts';
import { measureInProcess } from './sections/in-process.ts';
import { busyProcesses } from './lib/busy-processes.ts';
import { measureOversizeBodies } from './sections/oversize-bodies.ts';
import { ROOT } from './sections/paths.ts';
import { measureSoak } from './sections/soak.ts';
import { measureSnapshots } from './sections/snapshots.ts';
import { measureFastPath } from './sections/fast-path.ts';
import { measureStartup } from './sections/startup.ts';
import { measureRealTime } from './sections/real-time.ts';
import { measureProxy } from './sections/proxy.ts';

const ALL = ['startup', 'binary', 'http', 'page', 'in-process', 'growth'];
const { values } = parseArgs({
  options: {
    soak: { type: 'boolean', default: false },
    quick: { type: 'boolean', default: false },
    sections: { type: 'string' },
    busy: { type: 'string', default: '0' },
    out: { type: 'string' },
    'soak-seconds': { type: 'string' },
    'soak-warmup': { type: 'string' },
  },
});
const sections = new Set(values.sections?.split(',') ?? [...ALL, ...(values.soak ? ['soak'] : [])]);
const quick = values.quick;
const settings = quick
  ? { startupRuns: 5, warmupSeconds: 1, rounds: 2, roundSeconds: 2, orderRuns: 3, mswRequests: 500, mswRounds: 3, soakSeconds: 10, soakWarmupSeconds: 3, oversizeAttempts: 30 }
  : { startupRuns: 11, warmupSeconds: 2, rounds: 5, roundSeconds: 3, orderRuns: 5, mswRequests: 2000, mswRounds: 5, soakSeconds: 60, soakWarmupSeconds: 60, oversizeAttempts: 150 };
if (values['soak-seconds'] !== undefined) settings.soakSeconds = Number(values['soak-seconds']);
if (values['soak-warmup'] !== undefined) settings.soakWarmupSeconds = Number(values['soak-warmup']);
const growthLevels = quick ? [100, 1000] : [100, 1000, 10_000];

const log = (message: string) => process.stderr.write(`bench: ${message}\n`);
const results: Omit<BenchResults, 'targets'> = {
  machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model.trim() ?? 'unknown', node: process.version, platform: `${platform()} ${release()}` },
  date: new Date().toISOString().slice(0, 10),
  settings,
  busyProcesses: Number(values.busy),
};
const busy = busyProcesses(Number(values.busy));

const load = { warmupSeconds: settings.warmupSeconds, rounds: settings.rounds, roundSeconds: settings.roundSeconds };
if (sections.has('startup')) {
  log(`start-up, ${settings.startupRuns} rounds`);
  results.startup = await measureStartup(settings.startupRuns);
}
if (sections.has('binary')) {
  log(`single-file executable: build, then its start-up next to the npm-installed command, ${settings.startupRuns} rounds`);
  results.binary = await measureBinary(settings.startupRuns);
}
if (sections.has('http')) {
  log('HTTP routes and createOrder of 2,000 with QR images');
  results.http = await measureHttpRoutes({ ...load, orderRuns: settings.orderRuns });
}
if (sections.has('page')) {
  log('a getOrders page of 50 orders of 100 eSIMs in-process, against JSON.stringify of the same data');
  results.largePage = await measureLargePage(quick ? 20 : 60);
}
if (sections.has('in-process')) {
  log('in-process through msw');
  results.inProcess = await measureInProcess(settings.mswRequests, settings.mswRounds);
}
if (sections.has('fast-path')) {
  log('in-process paths: sandbox.fetch, msw 3 and msw 2, each from a fresh install of the packed package');
  results.fastPath = await measureFastPath(quick ? 300 : 1000, quick ? 2 : 3);
}
if (sections.has('growth')) {
  log(`growth to ${growthLevels.join(', ')} orders of 100 eSIMs`);
  results.growth = await measureGrowth(growthLevels, { warmupSeconds: 1, rounds: quick ? 2 : 3, roundSeconds: Math.min(3, settings.roundSeconds) });
}
if (sections.has('snapshots')) {
  log('reset vs restore of a snapshot');
  results.snapshots = await measureSnapshots(quick ? 5 : 15);
}
if (sections.has('soak')) {
  log(`soak: ${settings.soakSeconds} s after a ${settings.soakWarmupSeconds} s warm-up`);
  results.soak = await measureSoak(settings.soakSeconds, settings.soakWarmupSeconds);
}
if (sections.has('oversize')) {
  log(`oversize bodies: ${settings.oversizeAttempts} attempts per body and client, without and with two busy processes`);
  results.oversize = [
    ...(await measureOversizeBodies(settings.oversizeAttempts, false)),
    ...(await measureOversizeBodies(settings.oversizeAttempts, true)),
  ];
}
if (sections.has('hostile')) {
  log('verify against hostile servers: a 1 GiB body, a gzip bomb, a drip, an endless 429; peak RSS against a refused run');
  results.hostile = await measureHostileAnswers();
}
if (sections.has('abuse')) {
  results.abuse = await measureAbuse(quick ? { orders: 1000, snapshots: 20, shutdownRuns: 3, warmup: 1000 } : { orders: 4000, snapshots: 60, shutdownRuns: 10, warmup: 2000 }, log);
}
if (sections.has('large-session') && !sections.has('abuse')) {
  log('abuse, its large-session probe only: a session from a 7.6 MB inline scenario, getBalance beside it; then past the memory budget');
  const targets: NonNullable<BenchResults['abuse']> = [];
  await measureLargeSession((name, target, measured, met) => targets.push({ name, target, measured, met }), log);
  results.abuse = targets;
}

if (sections.has('real-time')) {
  log('getBalance with hints on and off, chaos off, a hint on every request' + (process.env.BENCH_BASELINE_BIN ? ', and an earlier build' : ''));
  // Many short rounds, a multiple of the 6 targets (each round starts with another), each against the bare server's.
  results.realTime = await measureRealTime({ warmupSeconds: 1, rounds: quick ? 6 : 12, roundSeconds: 2 }, process.env.BENCH_BASELINE_BIN);
}
if (sections.has('proxy')) {
  log('getBalance through esim-sandbox proxy and through a minimal node:http forwarding proxy, in front of one sandbox server');
  results.proxy = await measureProxy(load);
}

await busy.stop();
const complete: BenchResults = { ...results, targets: targetsOf(results) };
process.stdout.write(`${markdown(complete)}\n`);
const full = !quick && busy.count === 0 && ALL.every((section) => sections.has(section));
const out = values.out ?? (full ? `${ROOT}bench/results/latest.json` : undefined);
if (out) {
  mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
  writeFileSync(out, `${JSON.stringify(complete, null, 2)}\n`);
  log(`wrote ${out}`);
}
