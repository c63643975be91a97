import { recordOf, type ApiRequest } from './api-request.js';
import type { RequestRecord } from '../state/request-record.js';
import { readableOf, type AnswerStream } from './answer-stream.js';

/** The HTTP server writes it to the socket as it is, which spares building a `Response`'s body stream only to read it back. */
export interface Answer {
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  body: string;
  /**
   * The UTF-8 bytes of `body`, kept with a rendered value's envelope; transports use them instead of encoding `body`.
   * Code that changes `body` leaves them out. A proxied answer keeps the bytes that came, which need not be UTF-8.
   */
  bytes?: Uint8Array<ArrayBuffer>;
}

/** An event stream: the transport starts `stream` with a sink of its own; the client going away cancels it. */
export interface StreamedAnswer extends Pick<Answer, 'status' | 'headers'> {
  stream: AnswerStream;
}

/** No answer at all: over HTTP the connection is closed (`Response.error()` in fetch terms). */
export const NETWORK_ERROR = Symbol('network error');

export type Outcome = Answer | StreamedAnswer | typeof NETWORK_ERROR;

/** `outcome` may also be an admin route's result. */
export function isStreamed(outcome: unknown): outcome is StreamedAnswer {
  return typeof outcome === 'object' && outcome !== null && 'stream' in outcome;
}

export interface AnswerOptions {
  /** Where the API's routes live; default: the `/api/v1` found in the URL. */
  basePath?: string;
  /** The `seq` of the journal entry this request sends again: its entry is marked as a replay of it. */
  replayOf?: number;
  /** Aborted at the end of a server stop's grace: a call still in a latency fault is then answered 503 and not served. */
  cutOff?: AbortSignal;
}

/**
 * Called once: `answered` in the same turn when nothing waits (a read), or `failed` when no answer could be made
 * (the connection is then closed, the failure logged).
 */
export interface Reply {
  answered(outcome: Outcome): void;
  failed(error: unknown): void;
}

/**
 * The one way the sandbox, the session host and each session answer, internal to the package: the HTTP server
 * writes the outcome to the socket; `fetch` (the public way) turns it into a `Response` with `fetchOutcome`.
 */
export interface AnswersApiRequests {
  answer(record: RequestRecord, reply: Reply, options?: AnswerOptions): void;
}

export function fetchOutcome(target: AnswersApiRequests, request: Request, options?: AnswerOptions): Promise<Response> {
  return new Promise<Outcome>((answered, failed) => target.answer(recordOf(request), { answered, failed }, options)).then((outcome) =>
    outcomeToResponse(outcome, request.method),
  );
}

/** A HEAD answer keeps the status and headers of the GET it stands for, with the length of the body it leaves out. */
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
