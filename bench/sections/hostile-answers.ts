import type { IncomingMessage, ServerResponse } from 'node:http';
import { closedPort, esimSandboxMeasured, GIB, gzipBomb, hostile, sendRepeated } from '../lib/hostile-servers.ts';

export interface HostileCase {
  case: string;
  exitCode: number | null;
  ms: number;
  peakRssBytes: number;
  /** Peak RSS over that of the same command refused at once (the baseline row). */
  growthBytes: number;
  /** The first line the command printed to stderr, or its verdict. */
  said: string;
}

const KEY = 'sk_live_bench_hostile_0001';
const BUDGET_S = 60;

/**
 * Runs the built `esim-sandbox verify` (its own process) against servers that misbehave — a 1 GiB body, a
 * gzip bomb, a 1 byte/s drip, a 429 asking to wait 999999 s — and against a closed port as the baseline:
 * its peak RSS, the growth over the baseline, how long it ran, and what it said.
 */
export async function measureHostileAnswers(): Promise<HostileCase[]> {
  const bomb = await gzipBomb();
  const timers: NodeJS.Timeout[] = [];
  const servers: [string, (request: IncomingMessage, response: ServerResponse) => void, string[]][] = [
    ['1 GiB body', (_request, response) => (response.writeHead(200, { 'content-type': 'application/json' }), void sendRepeated(response, Buffer.alloc(64 * 1024, 0x20), GIB)), []],
    ['gzip bomb (1 MB → 1 GiB)', (_request, response) => (response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }), response.end(bomb)), []],
    ['1 byte/s drip, --timeout 2000', (_request, response) => (response.writeHead(200, { 'content-type': 'application/json' }), timers.push(setInterval(() => response.write(' '), 1000))), ['--timeout', '2000']],
    [`always 429, Retry-After 999999, --budget ${BUDGET_S}`, (_request, response) => (response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '999999' }), response.end('{"success":false,"error":{"code":"RATE_LIMITED","message":"slow down"}}')), ['--budget', String(BUDGET_S)]],
  ];
  const run = async (name: string, origin: string, extra: string[], baseline: number): Promise<HostileCase> => {
    const result = await esimSandboxMeasured(['verify', '--base-url', `${origin}/api/v1`, '--rate', '50', ...extra], { ESIM_API_KEY: KEY });
    const said = result.stderr.split('\n')[0] || result.stdout.trim().split('\n').at(-1) || '';
    return { case: name, exitCode: result.code, ms: Math.round(result.ms), peakRssBytes: result.peakRss, growthBytes: result.peakRss - baseline, said };
  };
  const cases = [await run('baseline: connection refused', `http://127.0.0.1:${await closedPort()}`, [], 0)];
  const baseline = cases[0]!.peakRssBytes;
  cases[0]!.growthBytes = 0;
  try {
    for (const [name, handler, extra] of servers) {
      const server = await hostile(handler);
      try {
        cases.push(await run(name, server.origin, extra, baseline));
      } finally {
        timers.splice(0).forEach(clearInterval);
        await server.close();
      }
    }
  } finally {
    timers.forEach(clearInterval);
  }
  return cases;
}
