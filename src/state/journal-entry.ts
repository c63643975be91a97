import type { JournalRequest, JournalResponse } from './journal-exchange.js';
import type { RequestRecord } from './request-record.js';

/** Only `lose-response` carries the request out; it and `drop` send no answer. */
export type FaultEffect = 'error' | 'rate-limit' | 'drop' | 'lose-response';

/** A mistake in a request the real service would let pass without a word: a stable code and what to do instead. */
export interface JournalHint {
  code: string;
  message: string;
}

/** Each as sent, when of its type. */
export interface OrderRequestNote {
  productId?: string;
  quantity?: number;
  idempotencyKey?: string;
}

/** Shown as the record has them (their meaning is with it, in src/state/request-record.ts); absent when not set. */
type RequestFacts = ShownAsNoted<
  'route' | 'status' | 'errorCode' | 'errorMessage' | 'fault' | 'retryAfterS' | 'orderRequest' | 'orderId' | 'orderStatus' | 'reused' | 'queuedFault' | 'replayOf' | 'tool' | 'hints' | 'proxied'
>;

type ShownAsNoted<K extends keyof RequestRecord> = { [F in K as undefined extends RequestRecord[F] ? never : F]: RequestRecord[F] } & {
  [F in K as undefined extends RequestRecord[F] ? F : never]?: Exclude<RequestRecord[F], undefined>;
};

/** What `esim-sandbox proxy` notes of a request it forwards, and who broke the contract: client or service. */
export interface ProxiedNote {
  /** The upstream's origin, e.g. `https://api.example.com`. */
  upstream: string;
  /** False when a fault answered in its place, or it could not be sent. */
  forwarded: boolean;
  /** Absent when the upstream gave none the proxy could pass on. */
  upstreamStatus?: number;
  /** What the sandbox's input checks refuse; the request is still forwarded. */
  inputProblems?: string[];
  /** Where the answer breaks the contract, or why none could be passed on. */
  upstreamProblems?: string[];
  breakKind?: UpstreamBreak;
}

/** What `GET /__sandbox/proxy` counts breaks by. */
export type UpstreamBreak = 'contract' | 'redirect' | 'unreachable' | 'timeout' | 'unreadable';

export interface JournalEntry extends RequestFacts {
  /** From 1, one more per request or marker, through resets and switches, so an entry keeps its number. */
  seq: number;
  /** Sandbox-clock time the request was answered, ISO 8601. */
  at: string;
  /** Wall-clock arrival, ISO 8601: how long a client waited between two requests. */
  wallAt: string;
  method: string;
  /** Path and query string, as received. */
  url: string;
  /** Masked: its last 4 characters shown when it has 16 or more. */
  apiKey: string | null;
  /** 8 hex digits per key: tells apart two keys whose masks look the same (`************0001`). */
  keyId: string | null;
  /** Arrival to answer, wall-clock ms, a fault's latency included. */
  durationMs: number;
  /** Headers (secrets masked) and body, kept for the latest `journalBodies` requests only. */
  request?: JournalRequest;
  /** As made, even one a fault kept from the client; absent for a dropped connection. */
  response?: JournalResponse;
}

export type RequestTool = 'verify' | 'record' | 'replay';

/** Each starts a new run but `fault` (a one-off fault queued). */
export type MarkerKind = 'reset' | 'scenario' | 'restore' | 'fault';

/** Something that happened to the sandbox between requests, kept in the history beside them. */
export interface JournalMarker {
  seq: number;
  at: string;
  wallAt: string;
  marker: MarkerKind;
  /** The scenario loaded after it. */
  scenario: string;
  /** As the inspector's row shows it: `scenario → readiness-drill`. */
  text: string;
}

export type HistoryEntry = JournalEntry | JournalMarker;

export function isMarker(entry: HistoryEntry): entry is JournalMarker {
  return 'marker' in entry;
}

export interface JournalQuery {
  /** Only the entries after this `seq`. */
  since?: number;
  /** Whether entries carry `request` and `response`. Default: true. */
  bodies?: boolean;
  /** At most this many, the oldest of those asked for. */
  limit?: number;
}

export interface MarkerNote extends Pick<JournalMarker, 'marker' | 'scenario' | 'text'> {
  atMs: number;
  wallMs: number;
}

