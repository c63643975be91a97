import { readFileSync } from 'node:fs';
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';

/** Where a proxy forwards to, and how it reads the answers. */
export interface Upstream {
  /** The base URL, e.g. `https://staging.example.com/api/v1` (normalized: no trailing slash). */
  base: string;
  /** Its origin, the only place a key is sent: `https://staging.example.com`. */
  origin: string;
  /** The private CA's certificates (PEM), when given. */
  ca?: string;
  timeoutMs: number;
  maxBodyBytes: number;
  /**
   * The proxy's own keep-alive connections to the upstream: each forwarded call reuses an idle one rather than
   * opening its own. Destroyed when the proxy closes (`closeUpstream`).
   */
  agent: HttpAgent;
}

/** The upstream of checked options; the CA file read now, so that a wrong path stops the start, not a request. */
export function upstreamOf(base: string, options: { upstreamCa?: string; timeoutMs: number; maxBodyBytes: number }): Upstream {
  if (options.upstreamCa !== undefined && !base.startsWith('https:')) {
    throw new RangeError(`--upstream-ca is for an https:// upstream; ${base} speaks plain http: give its https:// address, or leave --upstream-ca out`);
  }
  const ca = options.upstreamCa === undefined ? undefined : readCa(options.upstreamCa);
  const agent = base.startsWith('https:') ? new HttpsAgent({ keepAlive: true, scheduling: 'lifo' }) : new HttpAgent({ keepAlive: true, scheduling: 'lifo' });
  return { base, origin: new URL(base).origin, timeoutMs: options.timeoutMs, maxBodyBytes: options.maxBodyBytes, agent, ...(ca !== undefined && { ca }) };
}

/** Lets go of the upstream's connections: idle ones closed at once, any still in use cut. */
export function closeUpstream(upstream: Upstream): void {
  upstream.agent.destroy();
}

function readCa(file: string): string {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`cannot read the CA file of --upstream-ca ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, { cause: error });
  }
  if (!text.includes('-----BEGIN CERTIFICATE-----')) {
    throw new Error(`--upstream-ca ${file} holds no PEM certificate (no "-----BEGIN CERTIFICATE-----" line): give the CA's certificate in PEM form`);
  }
  return text;
}
