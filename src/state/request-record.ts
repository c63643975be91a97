import type { ParsedUrl } from '../lib/parsed-url.js';
import type { FaultEffect, JournalHint, OrderRequestNote, ProxiedNote, RequestTool } from './journal-entry.js';

/** A web `Headers`, or the HTTP server's raw list read the same way. */
export interface RecordHeaders {
  get(name: string): string | null;
  forEach(callback: (value: string, name: string) => void): void;
}

/**
 * One call from arrival to journal row: the adapter reads the request into it once, the pipeline notes what it
 * learns, the journal keeps this very object (`entryOf` shows it). Every field is declared here with its initial
 * value, never added later, so every record has one shape.
 */
export class RequestRecord {
  seq = 0;
  /** Read once: the session, the rate limit, the key check and the journal all read this. */
  readonly apiKey: string | null;
  wallMs = 0;
  atMs = 0;
  durationMs = 0;

  /** The call's name (`createOrder`); undefined for a path that names none. */
  route: string | undefined = undefined;
  /** At most 64 KiB of it (`bodyTruncated` past that). */
  bodyText: string | undefined = undefined;
  bodyTruncated: boolean | undefined = undefined;
  json: unknown = undefined;

  /** Also one a fault kept from the client; 0 when the connection was closed before anything was done. */
  status = 0;
  errorCode: string | undefined = undefined;
  errorMessage: string | undefined = undefined;
  fault: FaultEffect | undefined = undefined;
  retryAfterS: number | undefined = undefined;
  orderRequest: OrderRequestNote | undefined = undefined;
  /** createOrder: the order it created or replayed, even when the answer was lost; getOrderStatus: the order it read. */
  orderId: string | undefined = undefined;
  orderStatus: string | undefined = undefined;
  /** createOrder: whether it replayed an earlier order of the same idempotencyKey. */
  reused: boolean | undefined = undefined;
  /** The `seq` of the marker that queued the one-off fault that struck it. */
  queuedFault: number | undefined = undefined;
  /** Mistakes the real service would let pass without a word. */
  hints: JournalHint[] | undefined = undefined;
  /** What the route let pass, read for the hints: query parameters and body fields it ignored, a limit it clamped. */
  ignoredQueryParameters: string[] | undefined = undefined;
  ignoredBodyFields: string[] | undefined = undefined;
  clampedLimit: { asked: number; used: number } | undefined = undefined;
  /** The `seq` of the request this one sent again. */
  replayOf: number | undefined = undefined;
  /** `verify`, `record` (by `user-agent`) or `replay`: never graded by the readiness report. */
  tool: RequestTool | undefined = undefined;
  /** Proxy mode: the exchange with the real service, and what broke on either side. */
  proxied: ProxiedNote | undefined = undefined;
  answerHeaders: Record<string, string> | undefined = undefined;
  answerBody: string | undefined = undefined;

  /** `headers` and `body`, and the bodies and answer headers noted later, are handed to the journal when it keeps the record. */
  constructor(
    readonly method: string,
    readonly url: ParsedUrl,
    public headers: RecordHeaders,
    public body: ReadableStream<Uint8Array> | null,
    apiKey = headers.get('x-api-key'),
  ) {
    this.apiKey = apiKey;
  }
}

export const NO_HEADERS: RecordHeaders = { get: () => null, forEach: () => undefined };
