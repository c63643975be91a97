import { fetchRead } from './fetch-read.js';
import { httpRead } from './http-read.js';
import type { BoundedResponse, ReadLimits } from './read-limits.js';

export type { BoundedResponse, ReadLimits } from './read-limits.js';

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
