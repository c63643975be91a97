import { ParsedUrl } from '../lib/parsed-url.js';
import { RequestRecord, type RecordHeaders } from '../state/request-record.js';
import type { RequestAsSent } from '../state/journal.js';

/**
 * A web `Request` is one; the HTTP server passes its own, which looks headers up in Node's raw list when asked
 * instead of copying every header into a `Headers` per request.
 */
export interface ApiRequest {
  readonly method: string;
  /** Absolute URL. */
  readonly url: string;
  readonly headers: RecordHeaders;
  readonly body: ReadableStream<Uint8Array> | null;
}

export type BodySource = Pick<ApiRequest, 'headers' | 'body'>;

export function recordOf(request: ApiRequest): RequestRecord {
  return new RequestRecord(request.method, new ParsedUrl(new URL(request.url)), request.headers, request.body);
}

/** Headers of the connection the request came on rather than of the request: the new request has its own. */
const CONNECTION_HEADERS: ReadonlySet<string> = new Set(['host', 'content-length', 'connection', 'keep-alive', 'transfer-encoding']);

export function replayRequest(sent: RequestAsSent): Request {
  const headers = new Headers();
  for (const [name, value] of sent.headers) if (!CONNECTION_HEADERS.has(name)) headers.append(name, value);
  const hasBody = sent.body !== undefined && sent.method !== 'GET' && sent.method !== 'HEAD';
  return new Request(new URL(sent.url, 'http://sandbox.replay'), { method: sent.method, headers, ...(hasBody && { body: sent.body }) });
}
