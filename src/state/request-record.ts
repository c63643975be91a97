import type { ParsedUrl } from '../lib/parsed-url.js';
import type { FaultEffect, JournalHint, OrderRequestNote, ProxiedNote, RequestTool } from './journal-entry.js';

/** A request's headers as the record reads them: a web `Headers`, or the HTTP server's raw list read the same way. */
export interface RecordHeaders {
  get(name: string): string | null;
  forEach(callback: (value: string, name: string) => void): void;
}

/**
 * One call of the imitated API, from its arrival to its row in the journal. The adapter reads the request into it
 * once (method, URL, key, headers, body stream); the pipeline notes on it what it learns (route, body, outcome,
 * fault, hints, times); the journal keeps this very object, and shows it when read (`entryOf` in journal.ts).
 * A journal field is one field here, set where it is learnt, plus its display. One shape for every record: each
 * field is declared here with its initial value, never added later.
 */
export class RequestRecord {
  /** Given by the journal when it keeps the record. */
  seq = 0;
  /** The `x-api-key` header, read once: the session, the rate limit, the key check and the journal all read this. */
  readonly apiKey: string | null;
  /** Wall-clock time the request arrived, epoch ms (the sandbox's wall clock). */
  wallMs = 0;
  /** Sandbox-clock time the request was served at, epoch ms. */
  atMs = 0;
  /** Wall time from arrival to answer, ms. */
  durationMs = 0;

  /** The call of the API the path names, by its name (`createOrder`), as every input and output names a call; undefined for a path that names none. */
  route: string | undefined = undefined;
  /** The request body as read, at most 64 KiB of it (`bodyTruncated` past that); undefined without a body. */
  bodyText: string | undefined = undefined;
  bodyTruncated: boolean | undefined = undefined;
  /** The body parsed, once, when the call read it as JSON. */
  json: unknown = undefined;

  /** The status answered, or that a fault kept from the client; 0 when the connection was closed before anything was done. */
  status = 0;
  /** The `error.code` of an error answer. */
  errorCode: string | undefined = undefined;
  /** The `error.message` of an error answer. */
  errorMessage: string | undefined = undefined;
  /** The fault that struck this request. */
  fault: FaultEffect | undefined = undefined;
  /** The `Retry-After` of a 429 answer, in seconds. */
  retryAfterS: number | undefined = undefined;
  /** createOrder: its body's productId, quantity and idempotencyKey, when the body was a JSON object. */
  orderRequest: OrderRequestNote | undefined = undefined;
  /** createOrder: the order it created or replayed, even when the answer was lost; getOrderStatus: the order it read. */
  orderId: string | undefined = undefined;
  /** getOrderStatus: the order's status as answered. */
  orderStatus: string | undefined = undefined;
  /** createOrder: whether the answer replayed an earlier order of the same idempotencyKey. */
  reused: boolean | undefined = undefined;
  /** The one-off fault that struck this request: the `seq` of the marker that queued it. */
  queuedFault: number | undefined = undefined;
  /** Mistakes in the request the real service would let pass without a word. */
  hints: JournalHint[] | undefined = undefined;
  /** What the route let pass, read for the hints: query parameters and body fields it ignored, a limit it clamped. */
  ignoredQueryParameters: string[] | undefined = undefined;
  ignoredBodyFields: string[] | undefined = undefined;
  clampedLimit: { asked: number; used: number } | undefined = undefined;
  /** The `seq` of the request this one sent again (a replay from the inspector or `POST /__sandbox/requests/<seq>/replay`). */
  replayOf: number | undefined = undefined;
  /**
   * The sandbox's own tool that sent the request: `verify` or `record` (their `user-agent`,
   * `esim-sandbox/<version> (verify)`), or `replay`; the readiness report never grades it. Undefined for a client's.
   */
  tool: RequestTool | undefined = undefined;
  /** Proxy mode: the exchange with the real service this request was forwarded to (or kept from, by a fault), and what broke on either side. */
  proxied: ProxiedNote | undefined = undefined;
  /** The headers and body of the answer made, also one a fault kept from the client; undefined when none was made. */
  answerHeaders: Record<string, string> | undefined = undefined;
  /** As answered; as the journal keeps it once noted (QR images shortened, at most 64 KiB: `answerBodyTruncated`). */
  answerBody: string | undefined = undefined;
  answerBodyTruncated = false;

  /**
   * `headers` and `body` are the request's own, kept by reference; the journal lets go of them (and of the bodies
   * and answer headers) once the record is older than its latest `journalBodies`.
   */
  constructor(
    readonly method: string,
    readonly url: ParsedUrl,
    public headers: RecordHeaders,
    public body: ReadableStream<Uint8Array> | null,
  ) {
    this.apiKey = headers.get('x-api-key');
  }
}

/** The headers of a record that has let go of its own. */
export const NO_HEADERS: RecordHeaders = { get: () => null, forEach: () => undefined };
