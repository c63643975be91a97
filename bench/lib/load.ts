import autocannon from 'autocannon';
import { sequentialLatency, type Latency } from './latency.ts';
import { cpuMs } from './processes.ts';
import { median, round } from './stats.ts';

export interface LoadTarget {
  name: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Several requests cycled through by each connection (instead of url/method/body). */
  requests?: autocannon.Request[];
  /** The serving process, whose CPU time per request is then measured as well. */
  pid?: number;
}

export interface LoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /**
   * CPU time the serving process used per request, in µs (with `pid`): what the machine's load changes least,
   * where throughput also depends on the share of the cores the server and the load generator get.
   */
  cpuUsPerRequest?: number;
}

export interface LoadResult extends LoadFigures {
  rounds: LoadFigures[];
  non2xx: number;
  errors: number;
  /** One client, one request at a time: the time of a request itself, in µs resolution. */
  unloaded: Latency;
}

export const CONNECTIONS = 10;

/** One autocannon run of `seconds` against `target`, over `connections` keep-alive connections. */
export async function loadOnce(target: LoadTarget, seconds: number, connections = CONNECTIONS) {
  const cpuBefore = target.pid === undefined ? undefined : cpuMs(target.pid);
  const result = await autocannon({
    url: target.url,
    method: target.method ?? 'GET',
    headers: target.headers,
    body: target.body,
    requests: target.requests,
    connections,
    duration: seconds,
  });
  const cpuAfter = target.pid === undefined ? undefined : cpuMs(target.pid);
  const cpuUsPerRequest = cpuBefore === undefined || cpuAfter === undefined || result.requests.total === 0 ? undefined : round(((cpuAfter - cpuBefore) * 1000) / result.requests.total, 1);
  return {
    figures: {
      requestsPerSecond: round(result.requests.total / (result.duration || seconds), 0),
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      ...(cpuUsPerRequest !== undefined && { cpuUsPerRequest }),
    },
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/**
 * Each target warmed up once, then `rounds` rounds taking the targets in turn (so a slow spell of the
 * machine falls on all of them alike); the figures are the medians of the rounds.
 */
export async function measureTargets(
  targets: LoadTarget[],
  {
    warmupSeconds,
    rounds,
    roundSeconds,
    connections = CONNECTIONS,
    sequentialRequests = 1000,
  }: { warmupSeconds: number; rounds: number; roundSeconds: number; connections?: number; sequentialRequests?: number },
): Promise<Record<string, LoadResult>> {
  for (const target of targets) await loadOnce(target, warmupSeconds, connections);
  const collected = new Map(targets.map((target) => [target.name, { rounds: [] as LoadFigures[], non2xx: 0, errors: 0 }]));
  for (let round = 0; round < rounds; round++) {
    for (const target of targets) {
      const run = await loadOnce(target, roundSeconds, connections);
      const entry = collected.get(target.name)!;
      entry.rounds.push(run.figures);
      entry.non2xx += run.non2xx;
      entry.errors += run.errors;
    }
  }
  const unloaded = new Map<string, Latency>();
  for (const target of targets) {
    if (!target.requests) unloaded.set(target.name, await sequentialLatency(target, sequentialRequests, rounds));
  }
  return Object.fromEntries(
    [...collected].map(([name, entry]) => [
      name,
      {
        requestsPerSecond: median(entry.rounds.map((r) => r.requestsPerSecond)),
        p50Ms: median(entry.rounds.map((r) => r.p50Ms)),
        p99Ms: median(entry.rounds.map((r) => r.p99Ms)),
        ...(entry.rounds.every((r) => r.cpuUsPerRequest !== undefined) && { cpuUsPerRequest: median(entry.rounds.map((r) => r.cpuUsPerRequest!)) }),
        ...entry,
        unloaded: unloaded.get(name) ?? { p50Ms: Number.NaN, p99Ms: Number.NaN },
      },
    ]),
  );
}
