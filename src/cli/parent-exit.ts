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
