import { readFileSync } from 'node:fs';

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
}

/** The upstream of checked options; the CA file read now, so that a wrong path stops the start, not a request. */
export function upstreamOf(base: string, options: { upstreamCa?: string; timeoutMs: number; maxBodyBytes: number }): Upstream {
  const upstream: Upstream = { base, origin: new URL(base).origin, timeoutMs: options.timeoutMs, maxBodyBytes: options.maxBodyBytes };
  if (options.upstreamCa !== undefined) {
    if (!base.startsWith('https:')) throw new RangeError(`--upstream-ca is for an https:// upstream; ${base} speaks plain http: give its https:// address, or leave --upstream-ca out`);
    upstream.ca = readCa(options.upstreamCa);
  }
  return upstream;
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
