import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { constants, createGzip } from 'node:zlib';
import { BIN } from '../sections/paths.ts';

/**
 * Servers that misbehave toward a client, on loopback, and a way to run `esim-sandbox` against them measuring
 * its peak RSS: shared by the tests of verify, record, export and readiness and by the bench's hostile section.
 */

const MIB = 1024 * 1024;
export const GIB = 1024 * MIB;

/** What a stand-in saw of one request: enough to tell whether a key or token reached it. */
export interface SeenRequest {
  method: string;
  url: string;
  apiKey?: string;
  authorization?: string;
}

/** A loopback server run by `handler`, remembering every request it was sent. */
export async function hostile(handler: (request: IncomingMessage, response: ServerResponse) => void) {
  const seen: SeenRequest[] = [];
  const server = createServer((request, response) => {
    seen.push({
      method: request.method ?? '',
      url: request.url ?? '',
      ...(request.headers['x-api-key'] !== undefined && { apiKey: String(request.headers['x-api-key']) }),
      ...(request.headers.authorization !== undefined && { authorization: request.headers.authorization }),
    });
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    seen,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Writes `chunk` again and again until `total` bytes are sent or the client goes, as fast as the client reads. */
export async function sendRepeated(response: ServerResponse, chunk: Buffer, total: number): Promise<void> {
  const drainedOrClosed = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        response.off('drain', done).off('close', done);
        resolve();
      };
      response.on('drain', done).on('close', done);
    });
  for (let sent = 0; sent < total && !response.destroyed; sent += chunk.length) {
    if (!response.write(chunk)) await drainedOrClosed();
  }
  response.end();
}

/**
 * Runs the built `esim-sandbox` as a process of its own and reads its peak RSS (from `process.resourceUsage()`
 * as it exits): what the command cost, apart from the test's own memory.
 */
export async function esimSandboxMeasured(args: string[], env: NodeJS.ProcessEnv = {}) {
  const rssDir = mkdtempSync(path.join(tmpdir(), 'peak-rss-'));
  const rssFile = path.join(rssDir, 'peak');
  const preload = path.resolve(import.meta.dirname, 'report-peak-rss.mjs');
  const child = spawn(process.execPath, ['--import', preload, BIN, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env, PEAK_RSS_FILE: rssFile },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const started = performance.now();
  const [code] = (await once(child, 'exit')) as [number | null];
  const ms = performance.now() - started;
  try {
    return { code, stdout, stderr, ms, peakRss: Number(readFileSync(rssFile, 'utf8')) };
  } finally {
    rmSync(rssDir, { recursive: true, force: true });
  }
}

/** 1 GiB of zeros, gzip-compressed (about 1 MB): a decompression bomb. */
export async function gzipBomb(): Promise<Buffer> {
  const gzip = createGzip({ level: constants.Z_BEST_COMPRESSION });
  const parts: Buffer[] = [];
  gzip.on('data', (part: Buffer) => parts.push(part));
  const zeros = Buffer.alloc(16 * MIB);
  for (let written = 0; written < GIB; written += zeros.length) if (!gzip.write(zeros)) await once(gzip, 'drain');
  gzip.end();
  await once(gzip, 'end');
  return Buffer.concat(parts);
}

/** A loopback port nothing listens on (one that was free a moment ago). */
export async function closedPort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
