import { execFile } from 'node:child_process';
import { statSync } from 'node:fs';
import { promisify } from 'node:util';
import { httpRequest, spawnCommand, timeToExit } from '../lib/processes.ts';
import { median, round } from '../lib/stats.ts';
import { AUTH, BIN, ROOT, SANDBOX_READY } from './paths.ts';

/** One command started both ways: the single-file executable and the npm-installed `node bin/esim-sandbox.js`. */
export interface BinaryStartup {
  /** The arguments as a user types them, e.g. `--help`, or `serve → first getBalance`. */
  name: string;
  binaryMs: number;
  npmMs: number;
  binaryRunsMs: number[];
  npmRunsMs: number[];
}

export interface BinaryResult {
  /** The executable's size, and that of the Node it was made from, for comparison. */
  sizeBytes: number;
  nodeBytes: number;
  /** `node scripts/build-binary.ts`, after `npm run build`. */
  buildMs: number;
  startup: BinaryStartup[];
}

export const BINARY = `${ROOT}dist/binary/esim-sandbox`;
const run = promisify(execFile);

/** Spawn → first getBalance answer of `<command> <args> serve --port 0`. */
async function serveOnce(command: string, args: string[]): Promise<number> {
  const started = await spawnCommand(command, [...args, 'serve', '--port', '0'], SANDBOX_READY);
  try {
    const answer = await httpRequest(`${started.url}/getBalance`, { headers: AUTH });
    if (answer.status !== 200) throw new Error(`${command} serve answered ${answer.status} to its first getBalance`);
    return performance.now() - started.spawnedAt;
  } finally {
    await started.stop();
  }
}

/**
 * Builds the single-file executable (timed), then starts each command from it and from the npm-installed bin in
 * the same rounds, in turn, the one that goes first changing each round; one start of each beforehand warms the
 * disk and both take the same code cache of the program. Medians.
 */
export async function measureBinary(runs: number): Promise<BinaryResult> {
  const buildStarted = performance.now();
  await run(process.execPath, [`${ROOT}scripts/build-binary.ts`, '--out', BINARY], { cwd: ROOT });
  const buildMs = round(performance.now() - buildStarted, 0);

  const ways = { binary: { command: BINARY, args: [] as string[] }, npm: { command: process.execPath, args: [BIN] } };
  const commands = [
    { name: '--version', time: (way: keyof typeof ways) => timeToExit(ways[way].command, [...ways[way].args, '--version']) },
    { name: '--help', time: (way: keyof typeof ways) => timeToExit(ways[way].command, [...ways[way].args, '--help']) },
    { name: 'serve → first getBalance', time: (way: keyof typeof ways) => serveOnce(ways[way].command, ways[way].args) },
  ];
  const samples = new Map(commands.map(({ name }) => [name, { binary: [] as number[], npm: [] as number[] }]));
  for (const { time } of commands) {
    await time('binary');
    await time('npm');
  }
  for (let i = 0; i < runs; i++) {
    const order: Array<keyof typeof ways> = i % 2 === 0 ? ['binary', 'npm'] : ['npm', 'binary'];
    for (const { name, time } of commands) {
      for (const way of order) samples.get(name)![way].push(round(await time(way), 0));
    }
  }
  return {
    sizeBytes: statSync(BINARY).size,
    nodeBytes: statSync(process.execPath).size,
    buildMs,
    startup: commands.map(({ name }) => {
      const { binary, npm } = samples.get(name)!;
      return { name, binaryMs: median(binary), npmMs: median(npm), binaryRunsMs: binary, npmRunsMs: npm };
    }),
  };
}
