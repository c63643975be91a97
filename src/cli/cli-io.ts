import os from 'node:os';
import { onParentExit, startedByNpm } from './parent-exit.js';

/** Where a command writes, and how a long-running command learns it should stop; injectable for tests. */
export interface CliIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  /** Resolves when a long-running command should stop. */
  waitForStop(): Promise<void>;
}

/**
 * The process's own streams. A long-running command starts to stop at the first SIGINT or SIGTERM, or, when npm
 * started it, once npm's process or shell is gone (see `onParentExit`); a second signal ends the process at once,
 * with the shell's code for death by that signal (130 for SIGINT, 143 for SIGTERM).
 */
export const processIo: CliIo = {
  stdout: process.stdout,
  stderr: process.stderr,
  waitForStop: () =>
    new Promise((resolve) => {
      const stopWatching = startedByNpm() ? onParentExit(() => stop()) : () => {};
      const stop = () => {
        stopWatching();
        process.off('SIGINT', stop);
        process.off('SIGTERM', stop);
        process.once('SIGINT', stopNow);
        process.once('SIGTERM', stopNow);
        resolve();
      };
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    }),
};

function stopNow(signal: NodeJS.Signals): void {
  process.stderr.write(`Stopped at once on a second ${signal}; requests still in flight were cut off.\n`);
  process.exit(128 + (os.constants.signals[signal] ?? 0));
}
