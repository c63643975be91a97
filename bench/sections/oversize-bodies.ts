import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { curlAttempt, fetchAttempt } from '../lib/oversize-attempts.ts';
import { spawnNode } from '../lib/processes.ts';
import { BIN, SANDBOX_READY } from './paths.ts';

export interface OversizeCase {
  client: 'fetch' | 'curl';
  body: '2 MiB' | '10 MiB' | 'chunked 10 MiB';
  cpuLoad: boolean;
  attempts: number;
  /** Attempts that got no 413 envelope: a network error, another status or a body that is not the envelope. */
  errors: number;
  /** What went wrong, by kind (`EPIPE`, `curl exit 55`, `status 400`), with counts. */
  kinds: Record<string, number>;
}

const MiB = 1024 * 1024;
const BODIES = [
  { body: '2 MiB', bytes: 2 * MiB, chunked: false },
  { body: '10 MiB', bytes: 10 * MiB, chunked: false },
  { body: 'chunked 10 MiB', bytes: 10 * MiB, chunked: true },
] as const;

/**
 * POSTs bodies over createOrder's 1 MiB limit to `esim-sandbox serve` (its own process), `attempts` times
 * per body and client (Node's fetch, curl), each on a new connection, and counts the attempts that did not
 * read the 413 `PAYLOAD_TOO_LARGE` envelope. With `cpuLoad`, two busy-looping processes run alongside.
 */
export async function measureOversizeBodies(attempts: number, cpuLoad: boolean): Promise<OversizeCase[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'oversize-'));
  const server = await spawnNode([BIN, 'serve', '--port', '0'], SANDBOX_READY);
  const hogs = cpuLoad ? [cpuHog(), cpuHog()] : [];
  try {
    const cases: OversizeCase[] = [];
    for (const client of ['fetch', 'curl'] as const) {
      for (const { body, bytes, chunked } of BODIES) {
        const file = path.join(dir, `${bytes}.json`);
        if (client === 'curl') writeFileSync(file, Buffer.alloc(bytes, 0x20));
        const kinds: Record<string, number> = {};
        for (let i = 0; i < attempts; i++) {
          const outcome =
            client === 'fetch'
              ? await fetchAttempt(`${server.url}/createOrder`, bytes, chunked)
              : await curlAttempt(`${server.url}/createOrder`, file, chunked);
          if (outcome !== 'ok') kinds[outcome] = (kinds[outcome] ?? 0) + 1;
        }
        const errors = Object.values(kinds).reduce((sum, count) => sum + count, 0);
        cases.push({ client, body, cpuLoad, attempts, errors, kinds });
      }
    }
    return cases;
  } finally {
    for (const hog of hogs) hog.kill('SIGKILL');
    await Promise.all(hogs.map((hog) => (hog.exitCode === null && hog.signalCode === null ? once(hog, 'exit') : undefined)));
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A process that keeps one core busy until it is killed. */
function cpuHog(): ChildProcess {
  return spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
}
