import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { curlAttempt, fetchAttempt } from '../../bench/lib/oversize-attempts.ts';
import { spawnNode, type Spawned } from '../../bench/lib/processes.ts';
import { BIN, SANDBOX_READY } from '../../bench/sections/paths.ts';

const MiB = 1024 * 1024;
const ATTEMPTS = 30;
const FULL_ACCESS = { 'x-api-key': 'sk_test_full_access' };
const hasCurl = (() => {
  try {
    execFileSync('curl', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** The head of an answer read on a raw connection that sends headers announcing `contentLength` bytes, and no body. */
async function answerToHeadersOnly(port: number, path: string, contentLength: number, headers: Record<string, string>): Promise<string> {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (data: Buffer) => (received += data.toString('latin1')));
  socket.on('error', () => {});
  const head = [`POST ${path} HTTP/1.1`, `Host: 127.0.0.1:${port}`, `Content-Length: ${contentLength}`];
  for (const [name, value] of Object.entries(headers)) head.push(`${name}: ${value}`);
  socket.write(`${head.join('\r\n')}\r\n\r\n`);
  const deadline = Date.now() + 3000;
  while (!received.includes('}') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  socket.destroy();
  return received;
}

// The server runs in its own process, as partners run it: in the test's own process the client's writes
// and the server's reads take turns on one event loop, and the race that resets the connection is rare.
describe('a body over the limit sent to esim-sandbox serve: the 413 envelope always arrives', () => {
  let server: Spawned;
  let origin: string;
  let dir: string;
  beforeAll(async () => {
    server = await spawnNode([BIN, 'serve', '--port', '0'], SANDBOX_READY);
    origin = new URL(server.url).origin;
    dir = mkdtempSync(path.join(tmpdir(), 'oversize-test-'));
  });
  afterAll(async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['2 MiB', 2 * MiB, false],
    ['10 MiB', 10 * MiB, false],
    ['10 MiB chunked', 10 * MiB, true],
  ] as const)(`fetch, %s: ${ATTEMPTS} of ${ATTEMPTS} attempts read the 413 envelope, none sees a reset connection`, async (_title, bytes, chunked) => {
    const outcomes: string[] = [];
    for (let i = 0; i < ATTEMPTS; i++) outcomes.push(await fetchAttempt(`${server.url}/createOrder`, bytes, chunked));
    expect(outcomes.filter((outcome) => outcome !== 'ok')).toEqual([]);
  });

  it.skipIf(!hasCurl).each([
    ['2 MiB', 2 * MiB, false],
    ['10 MiB', 10 * MiB, false],
    ['10 MiB chunked', 10 * MiB, true],
  ] as const)(`curl, %s: ${ATTEMPTS} of ${ATTEMPTS} attempts read the 413 envelope, none sees a reset connection`, async (_title, bytes, chunked) => {
    const file = path.join(dir, `${bytes}.json`);
    writeFileSync(file, Buffer.alloc(bytes, 0x20));
    const outcomes: string[] = [];
    for (let i = 0; i < ATTEMPTS; i++) outcomes.push(await curlAttempt(`${server.url}/createOrder`, file, chunked));
    expect(outcomes.filter((outcome) => outcome !== 'ok')).toEqual([]);
  });

  it('answers a declared Content-Length over the limit before any of the body is sent, on the API (1 MiB) and the admin API (8 MiB)', async () => {
    const port = Number(new URL(origin).port);
    const api = await answerToHeadersOnly(port, '/api/v1/createOrder', 2 * MiB, { ...FULL_ACCESS, 'content-type': 'application/json' });
    expect(api).toMatch(/^HTTP\/1\.1 413 /);
    expect(api).toMatch(/\r\nconnection: close\r\n/i);
    expect(api).toContain('"code":"PAYLOAD_TOO_LARGE"');
    const admin = await answerToHeadersOnly(port, '/__sandbox/scenario', 9 * MiB, { 'content-type': 'application/json' });
    expect(admin).toMatch(/^HTTP\/1\.1 413 /);
    expect(admin).toContain('"code":"PAYLOAD_TOO_LARGE"');
  });

  it('refuses the bodies without touching the sandbox, and notes each refusal in the journal as before', async () => {
    const state = async () => ((await (await fetch(`${origin}/__sandbox/state`)).json()) as { data: unknown }).data;
    const before = await state();
    const journalBefore = ((await (await fetch(`${origin}/__sandbox/requests`)).json()) as { data: unknown[] }).data.length;
    expect(await fetchAttempt(`${server.url}/createOrder`, 2 * MiB, false)).toBe('ok');
    expect(await fetchAttempt(`${server.url}/createOrder`, 2 * MiB, true)).toBe('ok');
    expect(await state()).toEqual(before);
    const journal = ((await (await fetch(`${origin}/__sandbox/requests`)).json()) as { data: Record<string, unknown>[] }).data;
    expect(journal).toHaveLength(journalBefore + 2);
    for (const entry of journal.slice(-2)) {
      expect(entry).toMatchObject({ method: 'POST', url: '/api/v1/createOrder', status: 413, errorCode: 'PAYLOAD_TOO_LARGE' });
    }
  });
});
