import { once } from 'node:events';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { bigOrder } from '../lib/abuse-clients.ts';
import { largeScenario } from '../lib/large-scenario.ts';
import { httpRequest, spawnNode } from '../lib/processes.ts';
import { median, percentile, round } from '../lib/stats.ts';
import { AUTH, BIN, ROOT, SANDBOX_READY } from './paths.ts';

type Push = (name: string, target: string, measured: string, met: boolean) => void;

const JSON_HEADERS = { 'content-type': 'application/json' };
const createSession = (origin: string, body: string) => fetch(`${origin}/__sandbox/sessions`, { method: 'POST', headers: JSON_HEADERS, body });

/**
 * getBalance every 10 ms until `until` settles, open loop: each timed from when it was due, so a stalled
 * server counts for every call it held up.
 */
async function balanceTimes(url: string, until: Promise<unknown>): Promise<number[]> {
  const calls: Promise<number>[] = [];
  const started = performance.now();
  const ticker = setInterval(() => {
    const due = started + calls.length * 10;
    calls.push(fetch(`${url}/getBalance`, { headers: AUTH }).then(async (response) => (await response.arrayBuffer(), performance.now() - due)));
  }, 10);
  await until.finally(() => clearInterval(ticker));
  return Promise.all(calls);
}

const describeTimes = (times: number[]) => `p99 ${round(percentile(times, 99), 1)} ms, p50 ${round(median(times), 1)} ms, max ${round(Math.max(...times), 0)} ms`;

/**
 * getBalance beside a session built from a 7.6 MB inline scenario (the server's answers to the same calls with
 * nothing else to do as the baseline); then sessions past the budget; then how soon a server stops while one
 * is checked or built.
 */
export async function measureLargeSession(push: Push, log: (message: string) => void): Promise<void> {
  const body = JSON.stringify({ scenario: largeScenario(7.6e6) });
  const served = await spawnNode([BIN, 'serve', '--port', '0', '--memory-budget', '512'], SANDBOX_READY);
  const { url } = served;
  const { origin } = new URL(url);
  try {
    await bigOrder(url);
    const idle = await balanceTimes(url, sleep(2_000));
    let elapsed = 0;
    const busy = await balanceTimes(
      url,
      (async () => {
        const started = performance.now();
        const { data } = (await (await createSession(origin, body)).json()) as { data: { apiKeys: Record<string, string> } };
        // The session's state is built after its answer: its first call waits for it.
        await fetch(`${url}/getBalance`, { headers: { 'x-api-key': data.apiKeys['sk_test_full_access']! } }).then((response) => response.arrayBuffer());
        elapsed = performance.now() - started;
      })(),
    );
    push(
      'getBalance p99 while a session is built from a 7.6 MB inline scenario',
      '< 250 ms',
      `${describeTimes(busy)} (${busy.length} calls every 10 ms; the session built in ${round(elapsed, 0)} ms); the same calls on the idle server: ${describeTimes(idle)}`,
      percentile(busy, 99) < 250,
    );
    let refusal: { status: number; body: Buffer } | undefined;
    let made = 1;
    for (; made < 40 && !refusal; made++) {
      const answer = await httpRequest(`${origin}/__sandbox/sessions`, { method: 'POST', headers: JSON_HEADERS, body });
      if (answer.status !== 200) refusal = answer;
    }
    const after = await httpRequest(`${url}/getBalance`, { headers: AUTH });
    const code = refusal === undefined ? 'none in 40 sessions' : `${refusal.status} ${JSON.parse(refusal.body.toString()).error.code} at session ${made}`;
    push('sessions of 7.6 MB past --memory-budget 512: a clear refusal, then getBalance', '507, then 200', `${code}, then ${after.status}`, refusal?.status === 507 && after.status === 200);
  } finally {
    await served.stop();
  }

  log('large session: the event loop of a server in this process, idle and while it builds the session');
  const stalls = await loopStalls(body);
  push(
    "longest stall of the server's event loop while it builds a session from a 7.6 MB inline scenario",
    '< 250 ms',
    `${round(stalls.busy.max, 0)} ms (p99 ${round(stalls.busy.p99, 0)} ms; the session built in ${round(stalls.ms, 0)} ms); idle for 2 s: ${round(stalls.idle.max, 0)} ms (p99 ${round(stalls.idle.p99, 0)} ms)`,
    stalls.busy.max < 250,
  );

  log('large session: a stop while its scenario is checked, and while its state is built (serve on SIGTERM, startServer close())');
  for (const phase of ['checked', 'built'] as const) {
    const stop = await stopDuring(phase, body);
    const closed = await closeDuring(phase, body);
    push(
      `stop while a 7.6 MB session's ${phase === 'checked' ? 'scenario is checked' : 'state is built'}`,
      'exit 0 < 1 s after SIGTERM',
      `serve: exit ${stop.exitCode} ${round(stop.ms, 0)} ms after SIGTERM, the session answered ${stop.status}; startServer: close() in ${round(closed.ms, 0)} ms, the session answered ${closed.status}`,
      stop.exitCode === 0 && stop.ms < 1_000,
    );
  }
}

/** Sends the session, then SIGTERM 300 ms later (while its scenario is checked) or once it is answered (its state being built). */
async function stopDuring(phase: 'checked' | 'built', body: string): Promise<{ exitCode: number | null; ms: number; status: number | string }> {
  const served = await spawnNode([BIN, 'serve', '--port', '0'], SANDBOX_READY);
  const answer = createSession(new URL(served.url).origin, body).then((response) => response.status, (error: Error) => error.message);
  if (phase === 'checked') await sleep(300);
  else await answer;
  const exited = once(served.child, 'exit') as Promise<[number | null]>;
  const signalledAt = performance.now();
  served.child.kill('SIGTERM');
  const [exitCode] = await exited;
  return { exitCode, ms: performance.now() - signalledAt, status: await answer };
}

/** The same, in this process: how long `startServer`'s `close()` takes. */
async function closeDuring(phase: 'checked' | 'built', body: string): Promise<{ ms: number; status: number | string }> {
  const { startServer } = (await import(`${ROOT}dist/server/index.js`)) as typeof import('../../src/server/index.ts');
  const server = await startServer({ port: 0 });
  const answer = createSession(server.origin, body).then((response) => response.status, (error: Error) => error.message);
  if (phase === 'checked') await sleep(300);
  else await answer;
  const closingAt = performance.now();
  await server.close();
  const ms = performance.now() - closingAt;
  await server[Symbol.asyncDispose]();
  return { ms, status: await answer };
}

/** How late the event loop of a server in this process runs (its longest stall and p99), idle for 2 s and while it builds a session. */
async function loopStalls(body: string): Promise<{ idle: Stalls; busy: Stalls; ms: number }> {
  const { startServer } = (await import(`${ROOT}dist/server/index.js`)) as typeof import('../../src/server/index.ts');
  await using server = await startServer({ port: 0 });
  await bigOrder(server.url);
  const idle = await stallsDuring(() => sleep(2_000));
  const started = performance.now();
  const busy = await stallsDuring(async () => {
    const { data } = (await (await createSession(server.origin, body)).json()) as { data: { apiKeys: Record<string, string> } };
    await fetch(`${server.url}/getBalance`, { headers: { 'x-api-key': data.apiKeys['sk_test_full_access']! } }).then((response) => response.arrayBuffer());
  });
  return { idle, busy, ms: performance.now() - started };
}

interface Stalls {
  max: number;
  p99: number;
}

async function stallsDuring(act: () => Promise<unknown>): Promise<Stalls> {
  const delays = monitorEventLoopDelay({ resolution: 5 });
  delays.enable();
  await act();
  delays.disable();
  return { max: delays.max / 1e6, p99: delays.percentile(99) / 1e6 };
}
