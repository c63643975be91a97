import os from 'node:os';
import { maskSecrets, redactSecrets } from '../lib/mask-api-key.js';

/** Where a command writes, and how a long-running command learns it should stop; injectable for tests. */
export interface CliIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  waitForStop(): Promise<void>;
  /**
   * Told once a serving command listens. The bin saves its code cache then: one taken when a long first run ends holds
   * every function that run compiled (1.96 MB after the test suite's run, 1.35 MB after one request), and every later
   * start reads it (`serve` to a first answer 1.48–1.55× of a bare server's, against 1.36–1.43×).
   */
  listening?(): void;
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

const PARENT_CHECK_MS = 250;

/** `npm start`, `npm run`, `npx` and `npm exec` name their command in the environment of what they run. */
export function startedByNpm(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.npm_command !== undefined || env.npm_lifecycle_event !== undefined;
}

/**
 * Calls `onExit` once this process is handed to another parent; the function returned stops looking. npm 11 runs a
 * bin through `sh -c`, and a SIGTERM to npm (`npx esim-sandbox serve &` then `kill $!`) kills that shell without
 * passing it on: the server was left running on its port, handed to init. Used only under npm: a server started in
 * the background by a shell of its own (`esim-sandbox serve &` in one CI step, used by the next) outlives it on purpose.
 */
export function onParentExit(onExit: () => void, parentPid = () => process.ppid): () => void {
  const parent = parentPid();
  const timer = setInterval(() => {
    if (parentPid() === parent) return;
    clearInterval(timer);
    onExit();
  }, PARENT_CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Masks the secrets given in whatever is written, a server's echo of one too, and what looks like a key (`sk_…`,
 * `Bearer <token>`) unless `stdout: 'given'` (export's scenario on stdout holds the API keys on purpose).
 */
export function maskedIo(io: CliIo, secrets: readonly unknown[], options: { stdout?: 'all' | 'given' } = {}): CliIo {
  const given = secrets.filter((secret): secret is string => typeof secret === 'string');
  return {
    ...io,
    stdout: { write: (text: string) => io.stdout.write(options.stdout === 'given' ? maskSecrets(text, given) : redactSecrets(text, given)) },
    stderr: { write: (text: string) => io.stderr.write(redactSecrets(text, given)) },
  };
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
