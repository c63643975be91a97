import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect, createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { onParentExit, startedByNpm } from '../../src/cli/cli-io.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const READY = /API\s+http:\/\/127\.0\.0\.1:(\d+)\//;

/** Starts `command` in a process group of its own (so that a failed test can end all of it) and resolves with its port once it serves. */
async function started(command: string, args: string[]): Promise<{ child: ChildProcess; port: number; output: () => string }> {
  const child = spawn(command, args, { cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  for (const stream of [child.stdout!, child.stderr!]) stream.setEncoding('utf8').on('data', (text: string) => (output += text));
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', () => {
      const match = READY.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`${command} ${args.join(' ')} exited with ${code} before serving:\n${output}`)));
  });
  return { child, port, output: () => output };
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

/** How long until `port` refuses connections, polling every 50 ms; gives up (Infinity) after `limitMs`. */
async function freedWithin(port: number, limitMs: number): Promise<number> {
  const from = performance.now();
  while (performance.now() - from < limitMs) {
    if (!(await accepts(port))) return performance.now() - from;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Number.POSITIVE_INFINITY;
}

/** Ends what is left of the group (nothing, when the test passed). */
function endGroup(child: ChildProcess): void {
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    // The group is gone already.
  }
}

// `npm test` builds first (pretest): these run the built command, as a user would.
describe('a signal to the process a user started stops the server and frees its port', () => {
  it.each([
    { title: 'npm start', command: 'npm', args: ['start', '--', '--port', '0'], signal: 'SIGTERM' },
    { title: 'npm start', command: 'npm', args: ['start', '--', '--port', '0'], signal: 'SIGINT' },
    { title: 'npx --no-install esim-sandbox serve', command: 'npx', args: ['--no-install', 'esim-sandbox', 'serve', '--port', '0'], signal: 'SIGTERM' },
    { title: 'esim-sandbox serve run directly', command: process.execPath, args: ['bin/esim-sandbox.js', 'serve', '--port', '0'], signal: 'SIGTERM' },
    { title: 'esim-sandbox serve run directly', command: process.execPath, args: ['bin/esim-sandbox.js', 'serve', '--port', '0'], signal: 'SIGINT' },
  ] as const)('$title, then $signal to its process: the port is free within 2 s', async ({ command, args, signal }) => {
    const { child, port, output } = await started(command, [...args]);
    try {
      expect(await accepts(port)).toBe(true);
      const exited = once(child, 'close'); // after its output is read to the end
      child.kill(signal);
      expect(await freedWithin(port, 2_000), output()).toBeLessThan(2_000);
      const [code, signalCode] = await exited;
      expect(output().slice(-300) + ` exit ${code} ${signalCode}`).toContain('Sandbox stopped.');
    } finally {
      endGroup(child);
    }
  }, 60_000);
});

describe('onParentExit', () => {
  it('calls back once the parent process id changes, and not before', async () => {
    let parent = 100;
    let told = 0;
    const stop = onParentExit(() => (told += 1), () => parent);
    try {
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(told).toBe(0);
      parent = 1; // handed to init: the parent is gone
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(told).toBe(1);
    } finally {
      stop();
    }
  });

  it('looks only when npm started the process', () => {
    expect(startedByNpm({ npm_command: 'exec' })).toBe(true);
    expect(startedByNpm({ npm_lifecycle_event: 'start' })).toBe(true);
    expect(startedByNpm({ PATH: '/usr/bin' })).toBe(false);
  });
});

describe('the CI recipe of docs/readiness.md', () => {
  it('starts the sandbox, waits for it, keeps the exit code of readiness, and stops the sandbox: its port is free within 2 s', async () => {
    const doc = readFileSync(path.join(ROOT, 'docs/readiness.md'), 'utf8');
    const recipe = /```sh\n(npx esim-sandbox serve --scenario readiness-drill &[^]*?)```/.exec(doc)![1]!;
    const dir = mkdtempSync(path.join(tmpdir(), 'ci-recipe-'));
    const port = await freePort();
    // As documented, with a free port, the local package (no download), a request for the tests and the report in a temporary folder.
    const script = recipe
      .replaceAll('127.0.0.1:4010', `127.0.0.1:${port}`)
      .replace('serve --scenario readiness-drill', `serve --port ${port} --scenario readiness-drill`)
      .replaceAll('npx esim-sandbox', 'npx --no-install esim-sandbox')
      .replace(/^ESIM_API_BASE_URL=\S+ npm test/m, `curl -sf -H 'x-api-key: sk_test_full_access' http://127.0.0.1:${port}/api/v1/getBalance > /dev/null`)
      .replace('readiness --format junit > readiness.xml', `readiness --url http://127.0.0.1:${port} --format junit > ${path.join(dir, 'readiness.xml')}`);
    const child = spawn('bash', ['-e', '-c', script], { cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    for (const stream of [child.stdout!, child.stderr!]) stream.setEncoding('utf8').on('data', (text: string) => (output += text));
    try {
      const [code] = (await once(child, 'close')) as [number | null];
      // One getBalance exercises little of the drill: the report is not "ready", and the recipe fails the job.
      expect(code, output).toBe(1);
      expect(readFileSync(path.join(dir, 'readiness.xml'), 'utf8')).toContain('<testsuite');
      expect(await freedWithin(port, 2_000), output).toBeLessThan(2_000);
    } finally {
      endGroup(child);
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

/** A port free now (the kernel's pick, let go at once). */
async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}
