import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { request } from 'node:http';

export interface Spawned {
  child: ChildProcess;
  /** The address the child printed once listening. */
  url: string;
  /** performance.now() just before spawn(). */
  spawnedAt: number;
  stop(): Promise<void>;
}

/** Starts `node <args>` and resolves once its stdout matches `ready` (whose first group is a URL). */
export function spawnNode(args: string[], ready: RegExp, options: { env?: NodeJS.ProcessEnv; ipc?: boolean } = {}): Promise<Spawned> {
  return spawnCommand(process.execPath, args, ready, options);
}

/** Starts `<command> <args>` and resolves once its stdout matches `ready` (whose first group is a URL). */
export async function spawnCommand(command: string, args: string[], ready: RegExp, options: { env?: NodeJS.ProcessEnv; ipc?: boolean } = {}): Promise<Spawned> {
  const spawnedAt = performance.now();
  const child = spawn(command, args, {
    stdio: options.ipc ? ['ignore', 'pipe', 'inherit', 'ipc'] : ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...options.env },
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (data: Buffer) => {
      output += data.toString();
      const match = ready.exec(output);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`${command} ${args.join(' ')} exited with ${code} before it was ready:\n${output}`)));
  });
  child.stdout!.resume();
  return {
    child,
    url,
    spawnedAt,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Spawn → exit of `<command> <args>`, stdout read to its end; throws unless it exits 0 having printed something (or `quiet`). */
export async function timeToExit(command: string, args: string[], { quiet = false } = {}): Promise<number> {
  const spawnedAt = performance.now();
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  let bytes = 0;
  child.stdout!.on('data', (chunk: Buffer) => (bytes += chunk.length));
  const [code] = (await once(child, 'close')) as [number | null];
  const elapsed = performance.now() - spawnedAt;
  if (code !== 0 || (bytes === 0 && !quiet)) throw new Error(`${command} ${args.join(' ')} exited with ${code} after printing ${bytes} bytes`);
  return elapsed;
}

/** Resident set size of a process in bytes, from /proc (Linux); undefined where that is not available. */
export function rssBytes(pid: number): number | undefined {
  const file = `/proc/${pid}/status`;
  if (!existsSync(file)) return undefined;
  const kib = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(file, 'utf8'))?.[1];
  return kib === undefined ? undefined : Number(kib) * 1024;
}

/**
 * CPU time a process has used, user and system, in ms, from /proc (Linux; its clock ticks are 1/100 s);
 * undefined where that is not available.
 */
export function cpuMs(pid: number): number | undefined {
  const file = `/proc/${pid}/stat`;
  if (!existsSync(file)) return undefined;
  // The fields after the command name (which may hold spaces, in parentheses): utime and stime are the 12th and 13th.
  const stat = readFileSync(file, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** One request on a new connection; resolves to the status and body once the whole answer is in. */
export function httpRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { method: options.method ?? 'GET', headers: options.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    sent.on('error', reject);
    sent.end(options.body);
  });
}

/** The JSON envelope a successful request answers; the caller says what its `data` is. */
export async function json(url: string, options: Parameters<typeof httpRequest>[1] = {}): Promise<{ data?: unknown }> {
  const { status, body } = await httpRequest(url, options);
  if (status >= 300) throw new Error(`${options.method ?? 'GET'} ${url} answered ${status}: ${body.toString().slice(0, 300)}`);
  return JSON.parse(body.toString());
}
