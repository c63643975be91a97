import type { Agent } from 'node:http';
import { fetchRead } from './fetch-read.js';
import { httpRead } from './http-read.js';

/** How much of a peer's answer a client command takes: bytes after decompression, and time. */
export interface ReadLimits {
  /** The largest body taken, counted after decompression. */
  maxBodyBytes: number;
  /** How long the request may take, answer body included, in milliseconds. */
  timeoutMs: number;
  /** The option that named the address, for messages. Default: `--base-url`. */
  urlOption?: string;
  /** Says what cut the time short when it is not the per-request limit (`the time budget (--budget 60 s)`). */
  timeoutName?: string;
  /** Certificates (PEM) of the CAs an https server's certificate must chain to, instead of the system's. */
  ca?: string;
  /** The connections node:http / node:https reuse (a keep-alive agent kept by the caller); Node's global agent without. */
  agent?: Agent;
  /** Sends through this fetch (an in-process target) instead of node:http / node:https. */
  fetch?: typeof fetch;
}

export interface BoundedResponse {
  status: number;
  headers: Headers;
  text: string;
}

/**
 * The one HTTP reader of the client commands. A redirect is returned as it is, never followed, so a key or
 * token goes nowhere but the address given. The body is read as a stream and abandoned as soon as it passes
 * `maxBodyBytes`, counted after decompression (gzip, deflate and br are unpacked on the fly), so of a 1 GiB
 * body or a gzip bomb at most the limit is kept. The request, body included, ends at `timeoutMs`. Every
 * failure rejects with ServiceUnreachable and a message per cause.
 */
export function boundedFetch(url: URL, init: RequestInit, limits: ReadLimits): Promise<BoundedResponse> {
  const signal = AbortSignal.timeout(Math.max(1, Math.ceil(limits.timeoutMs)));
  return limits.fetch ? fetchRead(limits.fetch, url, init, limits, signal) : httpRead(url, init, limits, signal);
}
