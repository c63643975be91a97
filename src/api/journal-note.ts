import type { HeaderList } from '../state/journal-exchange.js';
import type { JournalNote } from '../state/journal.js';
import type { ApiRequest } from './api-request.js';
import type { ServedRequest } from './serve-api-request.js';
import type { ParsedUrl } from './parsed-url.js';
import { toolOfUserAgent } from '../lib/tool-user-agent.js';

/** When a request was served, in epoch ms: sandbox clock, wall clock at arrival, and the wall time it took. */
export interface ServedTimes {
  atMs: number;
  wallMs: number;
  durationMs: number;
}

/**
 * What the journal notes of a request served. The facts are listed one by one: copied with a spread, they cost
 * more than the rest of a small read.
 */
export function journalNoteOf(served: ServedRequest, request: ApiRequest, url: ParsedUrl, times: ServedTimes, replayOf: number | undefined): JournalNote {
  return {
    route: served.route,
    status: served.status,
    errorCode: served.errorCode,
    errorMessage: served.errorMessage,
    fault: served.fault,
    retryAfterS: served.retryAfterS,
    orderRequest: served.orderRequest,
    orderId: served.orderId,
    orderStatus: served.orderStatus,
    reused: served.reused,
    queuedFault: served.queuedFault,
    hints: served.hints,
    proxied: served.proxied,
    atMs: times.atMs,
    wallMs: times.wallMs,
    method: request.method,
    url: url.pathAndQuery,
    apiKey: request.headers.get('x-api-key'),
    durationMs: times.durationMs,
    replayOf,
    tool: replayOf === undefined ? toolOfUserAgent(request.headers.get('user-agent')) : 'replay',
    exchange: {
      requestHeaders: request.headers.forEach ? (request.headers as HeaderList) : undefined,
      requestBody: served.requestBody?.text,
      requestBodyTruncated: served.requestBody?.truncated,
      answer: served.answer,
    },
  };
}
