import { readFileSync } from 'node:fs';
import { Agent as HttpAgent, request as httpRequest, type ClientRequest, type RequestOptions } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { InFlight } from './in-flight.js';

/** Where a proxy forwards to, and how it reads the answers. */
export interface Upstream {
  /** The base URL, e.g. `https://staging.example.com/api/v1` (normalized: no trailing slash). */
  base: string;
  /** Its origin, the only place a key is sent: `https://staging.example.com`. */
  origin: string;
  /** The path of the base URL, which each forwarded path starts with: `/api/v1`. */
  basePath: string;
  timeoutMs: number;
  maxBodyBytes: number;
  /** Keep-alive connections, destroyed when the proxy closes (`closeUpstream`). */
  agent: HttpAgent;
  /** One object for every request: method, path and headers are set on it before each (node:http copies them), host and port never. */
  requestOptions: RequestOptions;
  request: (options: RequestOptions) => ClientRequest;
  inFlight: InFlight;
  /** The URL of a path on the upstream's origin, for messages (made only when one is said). */
  urlOf(path: string): URL;
}

/** The upstream of checked options; the CA file read now, so that a wrong path stops the start, not a request. */
export function upstreamOf(base: string, options: { upstreamCa?: string; timeoutMs: number; maxBodyBytes: number }): Upstream {
  if (options.upstreamCa !== undefined && !base.startsWith('https:')) {
    throw new RangeError(`--upstream-ca is for an https:// upstream; ${base} speaks plain http: give its https:// address, or leave --upstream-ca out`);
  }
  const ca = options.upstreamCa === undefined ? undefined : readCa(options.upstreamCa);
  const url = new URL(base);
  const secure = url.protocol === 'https:';
  // TLS is verified (rejectUnauthorized is node:https's default); a private CA is the agent's, so each connection takes it.
  const agent = secure ? new HttpsAgent({ keepAlive: true, scheduling: 'lifo', ...(ca !== undefined && { ca }) }) : new HttpAgent({ keepAlive: true, scheduling: 'lifo' });
  const requestOptions: RequestOptions = {
    protocol: url.protocol,
    // node:http takes an IPv6 address without its brackets.
    hostname: url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname,
    port: url.port === '' ? undefined : Number(url.port),
    agent,
  };
  return {
    base,
    origin: url.origin,
    basePath: url.pathname.replace(/\/+$/, ''),
    timeoutMs: options.timeoutMs,
    maxBodyBytes: options.maxBodyBytes,
    agent,
    requestOptions,
    request: secure ? httpsRequest : httpRequest,
    inFlight: new InFlight(options.timeoutMs),
    urlOf: (path) => new URL(path, url.origin),
  };
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
