import { httpRequest, spawnNode, timeToExit } from '../lib/processes.ts';
import { median, round } from '../lib/stats.ts';
import { AUTH, BARE_READY, BARE_SERVER, BIN, SANDBOX_READY } from './paths.ts';

/** One command's start-up next to its baseline, both started by the Node running the bench, in the same rounds. */
export interface StartupMeasure {
  /** The command as a user types it, e.g. `esim-sandbox --help`. */
  name: string;
  /** What its time is compared to, e.g. `node -e 0`. */
  baseline: string;
  medianMs: number;
  baselineMs: number;
  /** The ratio wanted at most, e.g. 1.5 for "≤ 1.5× the baseline". */
  maxRatio: number;
  runsMs: number[];
  baselineRunsMs: number[];
}

export interface StartupResult {
  /** `esim-sandbox serve` to its first getBalance answer, and the bare node:http server to its first answer. */
  sandboxMs: number;
  bareMs: number;
  runs: { sandboxMs: number[]; bareMs: number[] };
  /** Each command next to its baseline: the one-shot commands against `node -e 0`, serve against the bare server. */
  commands: StartupMeasure[];
}

const NODE_BASELINE = 'node -e 0';
const BARE_BASELINE = 'bare node:http → first answer';

/** The commands that print and exit, each timed from spawn to exit with its output read. */
const ONE_SHOT = [
  { name: 'esim-sandbox --help', args: ['--help'] },
  { name: 'esim-sandbox --version', args: ['--version'] },
  { name: 'esim-sandbox scenarios list', args: ['scenarios', 'list'] },
];

/** Spawn → exit of `node <args>`, stdout read to its end; throws unless it exits 0 having printed something (or was `-e 0`). */
function runOnce(args: string[]): Promise<number> {
  return timeToExit(process.execPath, args, { quiet: args[0] === '-e' });
}

/** Spawn → first 200 of one process: `esim-sandbox serve --port 0` then getBalance, or the bare server. */
async function startOnce(which: 'sandbox' | 'bare'): Promise<number> {
  const started =
    which === 'sandbox'
      ? await spawnNode([BIN, 'serve', '--port', '0'], SANDBOX_READY)
      : await spawnNode([BARE_SERVER], BARE_READY);
  try {
    const answer =
      which === 'sandbox' ? await httpRequest(`${started.url}/getBalance`, { headers: AUTH }) : await httpRequest(started.url);
    if (answer.status !== 200) throw new Error(`${which} answered ${answer.status} to its first request`);
    return performance.now() - started.spawnedAt;
  } finally {
    await started.stop();
  }
}

/**
 * One start of each to warm the disk and compile caches, then `runs` rounds; each round starts every command
 * and baseline once, in turn, so that a busy moment of the machine falls on all of them alike. Medians.
 */
export async function measureStartup(runs: number): Promise<StartupResult> {
  const timers: Array<{ key: string; time: () => Promise<number> }> = [
    { key: NODE_BASELINE, time: () => runOnce(['-e', '0']) },
    ...ONE_SHOT.map(({ name, args }) => ({ key: name, time: () => runOnce([BIN, ...args]) })),
    { key: BARE_BASELINE, time: () => startOnce('bare') },
    { key: 'esim-sandbox serve → first getBalance', time: () => startOnce('sandbox') },
  ];
  const samples = new Map(timers.map(({ key }) => [key, [] as number[]]));
  for (const { time } of timers) await time();
  for (let i = 0; i < runs; i++) {
    for (const { key, time } of timers) samples.get(key)!.push(round(await time(), 0));
  }
  const measure = (name: string, baseline: string, maxRatio: number): StartupMeasure => ({
    name,
    baseline,
    medianMs: median(samples.get(name)!),
    baselineMs: median(samples.get(baseline)!),
    maxRatio,
    runsMs: samples.get(name)!,
    baselineRunsMs: samples.get(baseline)!,
  });
  const serve = measure('esim-sandbox serve → first getBalance', BARE_BASELINE, 1.5);
  return {
    sandboxMs: serve.medianMs,
    bareMs: serve.baselineMs,
    runs: { sandboxMs: serve.runsMs, bareMs: serve.baselineRunsMs },
    commands: [...ONE_SHOT.map(({ name }) => measure(name, NODE_BASELINE, 1.5)), serve],
  };
}
