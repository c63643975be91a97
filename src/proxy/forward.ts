import type { RequestRecord } from '../state/request-record.js';
import { errorAnswer } from '../api/envelope.js';
import type { Answer } from '../api/outcome.js';
import { API_PREFIX } from '../api/route-map.js';
import { ApiError } from '../domain/api-error.js';
import type { UpstreamBreak } from '../state/journal.js';
import type { Upstream } from './upstream.js';
import { readUpstream, UpstreamFailure, type UpstreamAnswer } from './upstream-read.js';

/** The headers the API reads, the only ones forwarded: no hop-by-hop header, no cookie, no other credential. */
const FORWARDED_HEADERS = ['x-api-key', 'content-type', 'accept', 'idempotency-key'] as const;

const PASSED_BACK_HEADERS = ['content-type', 'retry-after', 'allow', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'] as const;

/** What came of forwarding a request: the answer to pass back, and what broke when it is the proxy's own 502 or 504. */
export interface Forwarded {
  answer: Answer;
  /** The upstream's answer as read (all its headers), when one was read whole. */
  received?: UpstreamAnswer;
  breakKind?: UpstreamBreak;
  problem?: string;
  /** The server's stop cut the forward short: the request to the upstream was cancelled, its outcome unknown. */
  cancelled?: boolean;
}

/**
 * A redirect is not followed (the key goes to the upstream's origin only): it and any failure to reach or read the
 * upstream become a 502 (504 for a timeout) in the API's error envelope, saying why.
 */
export async function forward(upstream: Upstream, request: RequestRecord, body: string | undefined): Promise<Forwarded> {
  const { url } = request;
  const path = `${upstream.basePath}${pathBelowPrefix(url.pathname)}${url.search}`;
  const headers: Record<string, string> = { 'accept-encoding': 'gzip, deflate, br' };
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
  let received: UpstreamAnswer;
  try {
    received = await readUpstream(upstream, request.method, path, headers, body);
  } catch (error) {
    if (!(error instanceof UpstreamFailure)) throw error;
    if (error.kind === 'cancelled') return cancelled(upstream);
    // The reader speaks to the commands run by hand; the proxy takes its CA as a flag.
    const reason = error.message.replace('NODE_EXTRA_CA_CERTS=<ca.pem>', '--upstream-ca <ca.pem>');
    return failed(error.kind, `The upstream ${upstream.origin} gave no answer the proxy can pass on: ${reason}`);
  }
  if (received.status >= 300 && received.status < 400) {
    const location = received.headers.location;
    const to = location === undefined ? 'without a Location' : `to ${absolute(location, upstream.urlOf(path))}`;
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

/** The body goes back byte for byte, a body that is not UTF-8 included. */
function passedBack(received: UpstreamAnswer): Answer {
  const headers: Record<string, string> = {};
  for (const name of PASSED_BACK_HEADERS) {
    const value = received.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const { bytes } = received;
  return { status: received.status, headers, body: received.text, bytes: bytes as Uint8Array<ArrayBuffer> };
}

/** A forward cut short by the end of a server stop's grace: the request to the upstream is cancelled, not left to run on. */
function cancelled(upstream: Upstream): Forwarded {
  const message =
    `The proxy stopped before the upstream ${upstream.origin} answered this call, and cancelled the request to it: whether the service ` +
    'carried it out is not known. Send it again once the proxy is back (a createOrder with the same idempotencyKey).';
  return { answer: errorAnswer(new ApiError('SERVICE_UNAVAILABLE', message)), problem: message, cancelled: true };
}

function failed(kind: UpstreamBreak, message: string): Forwarded {
  const error = kind === 'timeout' ? new ApiError('GATEWAY_TIMEOUT', message) : new ApiError('BAD_GATEWAY', message);
  return { answer: errorAnswer(error), breakKind: kind, problem: message };
}
