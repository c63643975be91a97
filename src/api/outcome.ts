import { recordOf, type ApiRequest } from './api-request.js';
import type { RequestRecord } from '../state/request-record.js';
import { readableOf, type AnswerStream } from './answer-stream.js';

/**
 * An answer of the sandbox before it becomes a web `Response`: status, headers and the whole body text.
 * `fetch` turns it into a `Response`; the HTTP server writes it to the socket as it is, which spares
 * building a body stream only to read it back.
 */
export interface Answer {
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  body: string;
  /**
   * The UTF-8 bytes of `body`, when they are kept with it (the envelope of a rendered value, such as a page asked
   * again): transports use them as they are instead of encoding `body`. Code that changes `body` leaves them out.
   * A proxied answer keeps the bytes that came, which need not be UTF-8: its `body` is then their reading as UTF-8.
   */
  bytes?: Uint8Array<ArrayBuffer>;
}

/**
 * An answer whose body is written as it comes, an event stream: the transport starts `stream` with a sink of its
 * own, and the answer ends when the stream ends it. The client going away cancels the stream.
 */
export interface StreamedAnswer extends Pick<Answer, 'status' | 'headers'> {
  stream: AnswerStream;
}

/** No answer at all: over HTTP the connection is closed (`Response.error()` in fetch terms). */
export const NETWORK_ERROR = Symbol('network error');

export type Outcome = Answer | StreamedAnswer | typeof NETWORK_ERROR;

/** Whether an outcome (or an admin route's result) is a streamed answer. */
export function isStreamed(outcome: unknown): outcome is StreamedAnswer {
  return typeof outcome === 'object' && outcome !== null && 'stream' in outcome;
}

export interface AnswerOptions {
  /** Where the API's routes live; default: the `/api/v1` found in the URL. */
  basePath?: string;
  /** The `seq` of the journal entry this request sends again: its entry is marked as a replay of it. */
  replayOf?: number;
  /**
   * Aborted when the transport stops waiting for answers (the end of a server stop's grace): a call still
   * waiting out a latency fault is then answered 503 `SERVICE_UNAVAILABLE` at once, and not served.
   */
  cutOff?: AbortSignal;
}

/**
 * Where an outcome goes: the transport that read the request. Given once, `answered` in the same turn when nothing
 * waits (a read), or `failed` when no answer could be made (the connection is then closed, the failure logged).
 */
export interface Reply {
  answered(outcome: Outcome): void;
  failed(error: unknown): void;
}

/**
 * The one way the sandbox, the session host and each session answer a request: `answer(record, reply)`, the
 * request read once into its record (`recordOf`, or the HTTP server's own reader), the outcome given to `reply`.
 * Internal to the package: the HTTP server writes the outcome to the socket, and `fetch` (the public way, used by
 * msw and in-process callers) turns it into a `Response` with `fetchOutcome`.
 */
export interface AnswersApiRequests {
  answer(record: RequestRecord, reply: Reply, options?: AnswerOptions): void;
}

/** `fetch` over `answer`: the outcome of `request` as a web `Response`. */
export function fetchOutcome(target: AnswersApiRequests, request: Request, options?: AnswerOptions): Promise<Response> {
  return new Promise<Outcome>((answered, failed) => target.answer(recordOf(request), { answered, failed }, options)).then((outcome) =>
    outcomeToResponse(outcome, request.method),
  );
}

/**
 * The `Response` of an outcome. The answer to a HEAD request (`method`) keeps the status and headers of the
 * GET it stands for, with the length of the body it leaves out; a 204 has no body.
 */
export function outcomeToResponse(outcome: Outcome, method?: string): Response {
  if (outcome === NETWORK_ERROR) return Response.error();
  if (isStreamed(outcome)) {
    const { status, headers, stream } = outcome;
    if (method !== 'HEAD') return new Response(readableOf(stream), { status, headers });
    stream.cancel();
    return new Response(null, { status, headers });
  }
  const { status, headers, body, bytes } = outcome;
  if (status === 204) return new Response(null, { status, headers });
  if (method === 'HEAD') {
    const length = String((bytes ?? new TextEncoder().encode(body)).byteLength);
    return new Response(null, { status, headers: { ...headers, 'content-length': length } });
  }
  // Kept bytes are copied by the Response (a reader cannot change them), which costs less than encoding the text.
  return new Response(bytes ?? body, { status, headers });
}
