import { Client } from 'undici';
import type { LoadTarget } from './load.ts';
import { median, round } from './stats.ts';

export interface Latency {
  p50Ms: number;
  p99Ms: number;
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

/**
 * Latency of one client sending requests one after another on one keep-alive connection, in µs
 * resolution (autocannon's percentiles are whole milliseconds). `rounds` of `count`, medians of each.
 */
export async function sequentialLatency(target: LoadTarget, count: number, rounds: number): Promise<Latency> {
  const url = new URL(target.url);
  const client = new Client(url.origin, { pipelining: 1 });
  const path = `${url.pathname}${url.search}`;
  const once = async () => {
    const started = performance.now();
    const response = await client.request({ method: target.method ?? 'GET', path, headers: target.headers, body: target.body });
    await response.body.arrayBuffer();
    if (response.statusCode !== 200) throw new Error(`${target.name} answered ${response.statusCode}`);
    return performance.now() - started;
  };
  try {
    for (let i = 0; i < Math.min(200, count); i++) await once();
    const p50: number[] = [];
    const p99: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const times: number[] = [];
      for (let i = 0; i < count; i++) times.push(await once());
      times.sort((a, b) => a - b);
      p50.push(percentile(times, 0.5));
      p99.push(percentile(times, 0.99));
    }
    return { p50Ms: round(median(p50), 3), p99Ms: round(median(p99), 3) };
  } finally {
    await client.close();
  }
}
