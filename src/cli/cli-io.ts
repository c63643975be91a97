import os from 'node:os';
import { maskSecrets, redactSecrets } from '../lib/mask-api-key.js';

/** Where a command writes, and how a long-running command learns it should stop; injectable for tests. */
export interface CliIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  /** Resolves when a long-running command should stop. */
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

/** How often a command started by npm looks whether the process that started it is still there. */
const PARENT_CHECK_MS = 250;

/**
 * Whether this process was started by npm (`npm start`, `npm run`, `npx`, `npm exec`): npm names its command in the
 * environment of what it runs.
 */
export function startedByNpm(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.npm_command !== undefined || env.npm_lifecycle_event !== undefined;
}

/**
 * Calls `onExit` once the process that started this one is gone (this one is handed to another parent), looking
 * every 250 ms; the function returned stops looking. The timer does not keep the process alive.
 *
 * Why: npm 11 runs a script or a bin through `sh -c`. A SIGTERM to npm (`npm start &` then `kill $!`, or
 * `npx esim-sandbox serve &`) is passed to that shell, which dies of it without passing it on: the server was left
 * running on its port, handed to init. The `start` script execs node (no shell in between, so npm's SIGTERM and
 * SIGINT reach the server itself), but `npx` cannot: there, the shell's exit is what tells the server to stop.
 * Only under npm: a server started in the background by a shell of its own (`esim-sandbox serve &` in one CI step,
 * used by the next) outlives that shell on purpose.
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
 * The streams of a command that was given keys or tokens: each is masked in whatever it writes, as the journal
 * masks them, so that a server echoing one in its message does not get it printed. What looks like a key
 * (`sk_…`, `Bearer <token>`) is masked too, on stderr always and on stdout unless `stdout: 'given'` (export's
 * scenario on stdout holds the API keys on purpose).
 */
export function maskedIo(io: CliIo, secrets: readonly unknown[], options: { stdout?: 'all' | 'given' } = {}): CliIo {
  const given = secrets.filter((secret): secret is string => typeof secret === 'string');
  return {
    ...io,
    stdout: { write: (text: string) => io.stdout.write(options.stdout === 'given' ? maskSecrets(text, given) : redactSecrets(text, given)) },
    stderr: { write: (text: string) => io.stderr.write(redactSecrets(text, given)) },
  };
}

/** The message of a failure, for `esim-sandbox <command>: <message>`. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
