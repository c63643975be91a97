import { fnv1a32 } from '../lib/fnv1a.js';
import { maskApiKey } from '../lib/mask-api-key.js';
import {
  journalBody,
  journalHeaders,
  keptAnswerBody,
  type ExchangeNote,
  type HeaderList,
  type JournalRequest,
  type JournalResponse,
} from './journal-exchange.js';

/**
 * What a fault did to a request: `error` (an injected 500 or 503, nothing done), `rate-limit` (an injected 429,
 * nothing done), `drop` (no answer, nothing done) or `lose-response` (done, not answered).
 */
export type FaultEffect = 'error' | 'rate-limit' | 'drop' | 'lose-response';

/** The fields of a createOrder body that tell one order request from another, each as sent when of its type. */
export interface OrderRequestNote {
  productId?: string;
  quantity?: number;
  idempotencyKey?: string;
}

/** What the sandbox made of a request: how it answered, what struck it, what the route learnt. */
export interface RequestFacts {
  /** The route of the API the path names (`/createOrder`); absent for a path that names none. */
  route?: string;
  /** The status answered, or that a fault kept from the client; 0 when the connection was closed before anything was done. */
  status: number;
  /** The `error.code` of an error answer. */
  errorCode?: string;
  /** The `error.message` of an error answer. */
  errorMessage?: string;
  /** The fault that struck this request. */
  fault?: FaultEffect;
  /** The `Retry-After` of a 429 answer, in seconds. */
  retryAfterS?: number;
  /** createOrder: its body's productId, quantity and idempotencyKey, when the body was a JSON object. */
  orderRequest?: OrderRequestNote;
  /** createOrder: the order it created or replayed, even when the answer was lost; getOrderStatus: the order it read. */
  orderId?: string;
  /** getOrderStatus: the order's status as answered. */
  orderStatus?: string;
}

export interface JournalEntry extends RequestFacts {
  /** 1 for the first request since the sandbox started or was reset, then one more for each request. */
  seq: number;
  /** Sandbox-clock time the request was answered, ISO 8601. */
  at: string;
  /** Wall-clock time the request arrived, ISO 8601: how long a client waited between two requests. */
  wallAt: string;
  method: string;
  /** Path and query string, as received. */
  url: string;
  /** The API key with all but its last 4 characters masked, or null when none was sent. */
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

/** Which entries `Journal.entries` gives. */
export interface JournalQuery {
  /** Only the entries after this `seq`. Default: 0, all. */
  since?: number;
  /** Whether each entry carries `request` and `response`. Default: true. */
  bodies?: boolean;
}

/** One request as the sandbox notes it; the journal makes a `JournalEntry` of it when read. */
export interface JournalNote extends RequestFacts {
  /** Sandbox-clock time, epoch ms. */
  atMs: number;
  /** Wall-clock time the request arrived, epoch ms. */
  wallMs: number;
  method: string;
  /** Path and query string. */
  url: string;
  /** The key as sent: the journal keeps it masked only. */
  apiKey: string | null;
  /** Wall time from arrival to answer, ms. */
  durationMs?: number;
  /** The headers and bodies, kept by reference (masked and parsed only when read). */
  exchange?: ExchangeNote;
}

/** How the journal shows a key: masked, and its id. */
interface KeyView {
  masked: string;
  id: string;
}

interface Slot {
  seq: number;
  atMs: number;
  wallMs: number;
  method: string;
  url: string;
  route: string | undefined;
  key: KeyView | null;
  status: number;
  errorCode: string | undefined;
  errorMessage: string | undefined;
  fault: FaultEffect | undefined;
  retryAfterS: number | undefined;
  orderRequest: OrderRequestNote | undefined;
  orderId: string | undefined;
  orderStatus: string | undefined;
  durationMs: number;
}

/** The headers and bodies of the request numbered `seq`. */
interface ExchangeSlot {
  seq: number;
  requestHeaders: HeaderList | undefined;
  requestBody: string | undefined;
  requestBodyTruncated: boolean | undefined;
  answerHeaders: Record<string, string> | undefined;
  answerBody: string | undefined;
  answerBodyTruncated: boolean;
}

/** The journal's requests at one moment; the slots are copies, since the journal reuses its own. */
export interface JournalSnapshot {
  readonly slots: readonly Readonly<Slot>[];
  readonly exchanges: readonly Readonly<ExchangeSlot>[];
  readonly next: number;
  readonly seq: number;
}

/** Distinct URLs, keys and messages remembered for reuse; past this the memo starts afresh. */
const MEMO_SIZE = 1024;

/**
 * The last `capacity` requests, oldest first; older ones are dropped so memory stays flat. Under load a
 * note must not cost a new object per request that lives on until it is overwritten (a thousand requests
 * later: long enough to reach V8's old generation, whose garbage then piles up between major GCs and
 * shows as a growing RSS). So the slots are reused, the times are kept as numbers and formatted when read,
 * and the keys, URLs and error messages, which repeat, are shared. The headers and bodies are references to
 * what the request and its answer hold anyway (the header list, the answer's text), bounded only when an answer
 * is over 64 KiB or carries QR images, and masked and parsed when read. They are kept for the last
 * `bodyCapacity` requests only (100 by default), in a ring of their own: kept for all 1000, the bodies of a
 * full-speed mix doubled the server's memory and cost a third of its throughput (bench soak: 109 → 215 MiB,
 * 5.9k → 4.0k req/s), as each lived long enough to be promoted to the old generation.
 */
export class Journal {
  #slots: Slot[] = [];
  #exchanges: ExchangeSlot[] = [];
  #next = 0;
  #seq = 0;
  readonly #keys = new Map<string, KeyView>();
  readonly #urls = new Map<string, string>();
  readonly #messages = new Map<string, string>();

  /** How many of the latest requests keep their headers and bodies; at most `capacity`. */
  readonly bodyCapacity: number;

  constructor(
    readonly capacity: number,
    bodyCapacity: number,
  ) {
    this.bodyCapacity = Math.max(0, Math.min(bodyCapacity, capacity));
  }

  add(note: JournalNote): void {
    if (this.capacity === 0) return;
    let slot = this.#slots[this.#next];
    if (!slot) this.#slots.push((slot = {} as Slot));
    slot.seq = ++this.#seq;
    slot.atMs = note.atMs;
    slot.wallMs = note.wallMs;
    slot.method = note.method;
    slot.url = memo(this.#urls, note.url, same);
    slot.route = note.route;
    slot.key = note.apiKey === null ? null : memo(this.#keys, note.apiKey, viewOfKey);
    slot.status = note.status;
    slot.errorCode = note.errorCode;
    slot.errorMessage = note.errorMessage === undefined ? undefined : memo(this.#messages, note.errorMessage, same);
    slot.fault = note.fault;
    slot.retryAfterS = note.retryAfterS;
    slot.orderRequest = note.orderRequest;
    slot.orderId = note.orderId;
    slot.orderStatus = note.orderStatus;
    slot.durationMs = note.durationMs ?? 0;
    if (this.bodyCapacity > 0) this.#keepExchange(slot.seq, note.exchange);
    this.#next = (this.#next + 1) % this.capacity;
  }

  #keepExchange(seq: number, exchange: ExchangeNote | undefined): void {
    const index = seq % this.bodyCapacity;
    let kept = this.#exchanges[index];
    if (!kept) this.#exchanges[index] = kept = {} as ExchangeSlot;
    kept.seq = seq;
    kept.requestHeaders = exchange?.requestHeaders;
    kept.requestBody = exchange?.requestBody;
    kept.requestBodyTruncated = exchange?.requestBodyTruncated;
    kept.answerHeaders = exchange?.answer?.headers;
    const body = exchange?.answer && keptAnswerBody(exchange.answer.body);
    kept.answerBody = body?.text;
    kept.answerBodyTruncated = body?.truncated ?? false;
  }

  #exchangeOf(seq: number): ExchangeSlot | undefined {
    const kept = this.bodyCapacity > 0 ? this.#exchanges[seq % this.bodyCapacity] : undefined;
    return kept?.seq === seq ? kept : undefined;
  }

  /** The entries kept, oldest first: all, or those after `since`; with bodies unless `bodies` is false. */
  entries({ since = 0, bodies = true }: JournalQuery = {}): JournalEntry[] {
    const ordered = this.#slots.length < this.capacity ? this.#slots : [...this.#slots.slice(this.#next), ...this.#slots.slice(0, this.#next)];
    return ordered.filter((slot) => slot.seq > since).map((slot) => entryOf(slot, bodies ? this.#exchangeOf(slot.seq) : undefined));
  }

  /** The entry of the request noted last; undefined when none is kept. */
  latest(): JournalEntry | undefined {
    if (this.#slots.length === 0) return undefined;
    const slot = this.#slots[(this.#next + this.capacity - 1) % this.capacity]!;
    return entryOf(slot, this.#exchangeOf(slot.seq));
  }

  /** Forgets every request; the next one is number 1 again. */
  clear(): void {
    this.#slots = [];
    this.#exchanges = [];
    this.#next = 0;
    this.#seq = 0;
  }

  /** A copy of the requests noted, with their headers and bodies, to go back to with `restore`. */
  snapshot(): JournalSnapshot {
    return { slots: this.#slots.map((slot) => ({ ...slot })), exchanges: this.#exchanges.map((kept) => ({ ...kept })), next: this.#next, seq: this.#seq };
  }

  restore(snapshot: JournalSnapshot): void {
    this.#slots = snapshot.slots.map((slot) => ({ ...slot }));
    this.#exchanges = snapshot.exchanges.map((kept) => ({ ...kept }));
    this.#next = snapshot.next;
    this.#seq = snapshot.seq;
  }
}

/** A slot as an entry; with `request` and `response` when its exchange is given. */
function entryOf(slot: Slot, exchange: ExchangeSlot | undefined): JournalEntry {
  return {
    seq: slot.seq,
    at: new Date(slot.atMs).toISOString(),
    wallAt: new Date(slot.wallMs).toISOString(),
    method: slot.method,
    url: slot.url,
    ...(slot.route !== undefined && { route: slot.route }),
    apiKey: slot.key?.masked ?? null,
    keyId: slot.key?.id ?? null,
    status: slot.status,
    ...(slot.errorCode !== undefined && { errorCode: slot.errorCode }),
    ...(slot.errorMessage !== undefined && { errorMessage: slot.errorMessage }),
    ...(slot.fault !== undefined && { fault: slot.fault }),
    ...(slot.retryAfterS !== undefined && { retryAfterS: slot.retryAfterS }),
    ...(slot.orderRequest !== undefined && { orderRequest: { ...slot.orderRequest } }),
    ...(slot.orderId !== undefined && { orderId: slot.orderId }),
    ...(slot.orderStatus !== undefined && { orderStatus: slot.orderStatus }),
    durationMs: Math.round(slot.durationMs * 1000) / 1000,
    ...(exchange && {
      request: { headers: journalHeaders(exchange.requestHeaders), ...journalBody(exchange.requestBody, exchange.requestBodyTruncated) },
      ...(exchange.answerHeaders && {
        response: { headers: { ...exchange.answerHeaders }, ...journalBody(exchange.answerBody, exchange.answerBodyTruncated) },
      }),
    }),
  };
}

const same = (text: string) => text;
const viewOfKey = (key: string): KeyView => ({ masked: maskApiKey(key), id: fnv1a32(key) });

function memo<T>(map: Map<string, T>, key: string, make: (key: string) => T): T {
  let value = map.get(key);
  if (value === undefined) {
    if (map.size >= MEMO_SIZE) map.clear();
    map.set(key, (value = make(key)));
  }
  return value;
}
