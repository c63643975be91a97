import type { JournalRequest, JournalResponse } from './journal-exchange.js';
import type { RequestRecord } from './request-record.js';

/**
 * What a fault did to a request: `error` (an injected 500 or 503, nothing done), `rate-limit` (an injected 429,
 * nothing done), `drop` (no answer, nothing done) or `lose-response` (done, not answered).
 */
export type FaultEffect = 'error' | 'rate-limit' | 'drop' | 'lose-response';

/** A mistake in a request the real service would let pass without a word: a stable code and what to do instead. */
export interface JournalHint {
  code: string;
  message: string;
}

/** The fields of a createOrder body that tell one order request from another, each as sent when of its type. */
export interface OrderRequestNote {
  productId?: string;
  quantity?: number;
  idempotencyKey?: string;
}

/**
 * The fields of a request's record that its entry shows as they are (their meaning is with the record, in
 * src/state/request-record.ts): how it answered, what struck it, what the route learnt; absent when not set.
 */
type RequestFacts = ShownAsNoted<
  'route' | 'status' | 'errorCode' | 'errorMessage' | 'fault' | 'retryAfterS' | 'orderRequest' | 'orderId' | 'orderStatus' | 'reused' | 'queuedFault' | 'replayOf' | 'tool' | 'hints' | 'proxied'
>;

/** Record fields as an entry carries them: one the record may leave undefined is optional. */
type ShownAsNoted<K extends keyof RequestRecord> = { [F in K as undefined extends RequestRecord[F] ? never : F]: RequestRecord[F] } & {
  [F in K as undefined extends RequestRecord[F] ? F : never]?: Exclude<RequestRecord[F], undefined>;
};

/**
 * What a proxy (`esim-sandbox proxy`) notes of a request it forwards: where to, what the upstream answered, and who
 * broke the contract — the client (`inputProblems`, the request still forwarded) or the service (`upstreamProblems`).
 */
export interface ProxiedNote {
  /** The upstream's origin, e.g. `https://api.example.com`. */
  upstream: string;
  /** Whether the request reached the upstream: false when a fault answered in its place, or it could not be sent. */
  forwarded: boolean;
  /** The status the upstream answered; absent when it gave none the proxy could pass on. */
  upstreamStatus?: number;
  /** What the sandbox's input checks refuse in the request: the real service would refuse or misread it. */
  inputProblems?: string[];
  /** Where the upstream's answer breaks the contract, or why none could be passed on (a redirect, a timeout, …). */
  upstreamProblems?: string[];
  /** The kind of the upstream's break: `contract`, `redirect`, `unreachable`, `timeout`, `unreadable`. */
  breakKind?: UpstreamBreak;
}

/** How an upstream failed the contract or the proxy: what `GET /__sandbox/proxy` counts breaks by. */
export type UpstreamBreak = 'contract' | 'redirect' | 'unreachable' | 'timeout' | 'unreadable';

export interface JournalEntry extends RequestFacts {
  /**
   * 1 for the first entry since the sandbox started, then one more for each request and each marker: the numbers
   * go on through resets and scenario switches, so an entry keeps its number.
   */
  seq: number;
  /** Sandbox-clock time the request was answered, ISO 8601. */
  at: string;
  /** Wall-clock time the request arrived, ISO 8601: how long a client waited between two requests. */
  wallAt: string;
  method: string;
  /** Path and query string, as received. */
  url: string;
  /** The API key masked (its last 4 characters shown when it has 16 or more), or null when none was sent. */
  apiKey: string | null;
  /**
   * 8 hex digits, the same for every request with the same key and different for another key, even one whose
   * mask looks the same (`************0001` of two keys of one session); null when none was sent.
   */
  keyId: string | null;
  /** Wall time from the request's arrival to its answer, in ms (a fault's latency included). */
  durationMs: number;
  /**
   * The request as sent: headers (secrets masked) and body. Kept for the latest requests only (`journalBodies`,
   * default 100); left out by `GET /__sandbox/requests` without `include=bodies`.
   */
  request?: JournalRequest;
  /** The answer as made, even one a fault kept from the client; absent when none was made (a dropped connection). */
  response?: JournalResponse;
}

/** Which of the sandbox's own tools sent a request. */
export type RequestTool = 'verify' | 'record' | 'replay';

/**
 * What a marker row of the history stands for: `reset`, `scenario` (another scenario loaded), `restore` (a
 * snapshot restored), each of which starts a new run; `fault` (a one-off fault queued), which does not.
 */
export type MarkerKind = 'reset' | 'scenario' | 'restore' | 'fault';

/** Something that happened to the sandbox between requests, kept in the history beside them. */
export interface JournalMarker {
  seq: number;
  /** Sandbox-clock time, ISO 8601. */
  at: string;
  /** Wall-clock time, ISO 8601. */
  wallAt: string;
  marker: MarkerKind;
  /** The scenario loaded after it. */
  scenario: string;
  /** One line, as the inspector's row shows it: `scenario → readiness-drill`. */
  text: string;
}

/** One row of the history: a request, or a marker. */
export type HistoryEntry = JournalEntry | JournalMarker;

export function isMarker(entry: HistoryEntry): entry is JournalMarker {
  return 'marker' in entry;
}

/** Which entries `Journal.entries` and `Journal.history` give. */
export interface JournalQuery {
  /** Only the entries after this `seq`. Default: 0, all. */
  since?: number;
  /** Whether each entry carries `request` and `response`. Default: true. */
  bodies?: boolean;
  /** At most this many entries, the oldest of those asked for: a reader that follows the journal a few at a time. Default: all. */
  limit?: number;
}

/** A marker as the sandbox notes it: its sandbox-clock and wall-clock times in epoch ms. */
export interface MarkerNote extends Pick<JournalMarker, 'marker' | 'scenario' | 'text'> {
  atMs: number;
  wallMs: number;
}

