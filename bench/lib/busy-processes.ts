import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';

/**
 * `count` processes that each keep a core busy until stopped: the bench run, or a probe, on a machine shared with
 * CPU-bound work. `stop()` kills them and resolves once they have exited.
 */
export function busyProcesses(count: number): { count: number; stop(): Promise<void> } {
  if (!Number.isInteger(count) || count < 0 || count > 16) throw new Error(`--busy takes a whole number of processes from 0 to 16 (got ${count})`);
  const children = Array.from({ length: count }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
  const kill = () => {
    for (const child of children) child.kill('SIGKILL');
  };
  process.once('exit', kill);
  const exited = (child: ChildProcess) => (child.exitCode !== null || child.signalCode !== null ? undefined : once(child, 'exit'));
  return {
    count,
    async stop() {
      const exits = children.map(exited);
      kill();
      process.off('exit', kill);
      await Promise.all(exits);
    },
  };
}
