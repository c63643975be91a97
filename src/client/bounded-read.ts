import { fetchRead } from './fetch-read.js';
import { httpRead } from './http-read.js';
import type { BoundedResponse, ReadLimits } from './read-limits.js';

export type { BoundedResponse, ReadLimits } from './read-limits.js';

/**
 * The one HTTP reader of the client commands. Redirects are never followed, so a key goes nowhere but the address
 * given; the body is abandoned once past `maxBodyBytes` after decompression. Every failure rejects with ServiceUnreachable.
 */
export function boundedFetch(url: URL, init: RequestInit, limits: ReadLimits): Promise<BoundedResponse> {
  const signal = AbortSignal.timeout(Math.max(1, Math.ceil(limits.timeoutMs)));
  return limits.fetch ? fetchRead(limits.fetch, url, init, limits, signal) : httpRead(url, init, limits, signal);
}
