import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { builtFile } from './built-package.js';

/** The command as installed; it runs dist/, so it is taken only when dist/ is built from the current sources. */
export const bin = builtFile('bin/esim-sandbox.js');

export interface ServeProcess {
  child: ChildProcess;
  /** The API base URL the banner printed. */
  url: string;
  /** What the process printed so far. */
  output(): string;
  /** SIGINT, then the exit code; SIGKILL when it has not exited 5 s later (its event loop is blocked). */
  stop(): Promise<number | null>;
}

/**
 * Runs `esim-sandbox serve <args>` as a process of its own, so that a request that would block its event loop
 * (a FIFO opened for reading) leaves the test able to time out and stop it.
 */
export async function serveProcess(...args: string[]): Promise<ServeProcess> {
  return serveProcessWith([], ...args);
}

/** `serveProcess`, with options for Node itself before the command (`--require <file>`). */
export async function serveProcessWith(nodeArgs: string[], ...args: string[]): Promise<ServeProcess> {
  const child = spawn(process.execPath, [...nodeArgs, bin, 'serve', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => (output += text));
  child.stderr.setEncoding('utf8').on('data', (text: string) => (output += text));
  while (!/API\s+(http\S+)/.test(output)) {
    if (child.exitCode !== null) throw new Error(`serve exited early: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return {
    child,
    url: /API\s+(http\S+)/.exec(output)![1]!,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null) return child.exitCode;
      const exited = once(child, 'exit') as Promise<[number | null]>;
      child.kill('SIGINT');
      const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
      const [code] = await exited;
      clearTimeout(killer);
      return code;
    },
  };
}
