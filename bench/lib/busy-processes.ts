import { spawn } from 'node:child_process';

/** `count` processes that each keep a core busy until stopped: the bench run on a machine shared with CPU-bound work. */
export function busyProcesses(count: number): { count: number; stop(): void } {
  if (!Number.isInteger(count) || count < 0 || count > 16) throw new Error(`--busy takes a whole number of processes from 0 to 16 (got ${count})`);
  const children = Array.from({ length: count }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
  const stop = () => {
    for (const child of children) child.kill('SIGKILL');
  };
  process.once('exit', stop);
  return { count, stop };
}
