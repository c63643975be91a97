import { performance } from 'node:perf_hooks';
import type { RequestRecord } from '../state/request-record.js';
import { errorAnswer } from '../api/envelope.js';
import type { Answer } from '../api/outcome.js';
import type { ParsedUrl } from '../lib/parsed-url.js';
import { API_PREFIX } from '../api/route-map.js';
import { boundedFetch, type BoundedResponse } from '../client/bounded-read.js';
import { ServiceUnreachable } from '../client/network-error.js';
import { ApiError } from '../domain/api-error.js';
import type { UpstreamBreak } from '../state/journal.js';
import type { Upstream } from './upstream.js';

/** The headers the API reads, the only ones forwarded: no hop-by-hop header, no cookie, no other credential. */
const FORWARDED_HEADERS = ['x-api-key', 'content-type', 'accept', 'idempotency-key'] as const;

/** The headers of the upstream's answer passed back to the client, besides its status and body. */
const PASSED_BACK_HEADERS = ['content-type', 'retry-after', 'allow', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'] as const;

/** What came of forwarding a request: the answer to pass back, and what broke when it is the proxy's own 502 or 504. */
export interface Forwarded {
  answer: Answer;
  /** The upstream's answer as read (all its headers), when one was read whole. */
  received?: BoundedResponse;
  breakKind?: UpstreamBreak;
  /** Why the upstream's answer could not be passed on. */
  problem?: string;
}

/**
 * Sends `request` to the upstream's route of the same name (the path below `/api/v1`, the query as it came) with
 * the headers the API reads and `body`, and reads its answer within the upstream's bounds (size after
 * decompression, time). A redirect is not followed (the key goes to the upstream's origin only): it and any failure
 * to reach or read the upstream become a 502 (504 for a timeout) in the API's error envelope, saying why.
 */
export async function forward(upstream: Upstream, request: RequestRecord, url: ParsedUrl, body: string | undefined): Promise<Forwarded> {
  const target = new URL(`${upstream.base}${pathBelowPrefix(url.pathname)}${url.search}`);
  const headers: Record<string, string> = {};
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  const started = performance.now();
  let received: BoundedResponse;
  try {
    received = await boundedFetch(target, { method: request.method, headers, ...(body !== undefined && { body }) }, {
      maxBodyBytes: upstream.maxBodyBytes,
      timeoutMs: upstream.timeoutMs,
      urlOption: '--upstream',
      agent: upstream.agent,
      ...(upstream.ca !== undefined && { ca: upstream.ca }),
    });
  } catch (error) {
    if (!(error instanceof ServiceUnreachable)) throw error;
    // A timeout is the only failure that waits the whole time out: the reader's signal fires no sooner.
    const timedOut = performance.now() - started >= upstream.timeoutMs;
    const kind: UpstreamBreak = timedOut ? 'timeout' : error.answered ? 'unreadable' : 'unreachable';
    // The reader speaks to the commands run by hand; the proxy takes its CA as a flag.
    const reason = error.message.replace('NODE_EXTRA_CA_CERTS=<ca.pem>', '--upstream-ca <ca.pem>');
    return failed(kind, `The upstream ${upstream.origin} gave no answer the proxy can pass on: ${reason}`);
  }
  if (received.status >= 300 && received.status < 400) {
    const location = received.headers.get('location');
    const to = location === null ? 'without a Location' : `to ${absolute(location, target)}`;
    return {
      ...failed(
        'redirect',
        `The upstream ${upstream.origin} answered ${received.status}, a redirect ${to}; the proxy follows no redirect, so that the key goes ` +
          'nowhere but the upstream: give --upstream the address the service really answers at.',
      ),
      received,
    };
  }
  return { answer: passedBack(received), received };
}

/** `/getBalance` of `/api/v1/getBalance`; the path as it came when it is not below the prefix. */
function pathBelowPrefix(pathname: string): string {
  const at = pathname.indexOf(`${API_PREFIX}/`);
  return at === -1 ? pathname : pathname.slice(at + API_PREFIX.length);
}

/** Where a Location points, resolved against the request's URL; as written when it is no URL. */
function absolute(location: string, base: URL): string {
  try {
    return new URL(location, base).href;
  } catch {
    return JSON.stringify(location);
  }
}

function passedBack(received: BoundedResponse): Answer {
  const headers: Record<string, string> = {};
  for (const name of PASSED_BACK_HEADERS) {
    const value = received.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  return { status: received.status, headers, body: received.text };
}

function failed(kind: UpstreamBreak, message: string): Forwarded {
  const error = kind === 'timeout' ? new ApiError('GATEWAY_TIMEOUT', message) : new ApiError('BAD_GATEWAY', message);
  return { answer: errorAnswer(error), breakKind: kind, problem: message };
}
