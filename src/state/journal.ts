import { fnv1a32 } from '../lib/fnv1a.js';
import { maskApiKey } from '../lib/mask-api-key.js';
import { RecentMemo } from '../lib/recent-memo.js';
import { journalAnswerHeaders, journalBody, journalHeaders, keptAnswerBody, type ExchangeNote, type HeaderList } from './journal-exchange.js';
import type {
  FaultEffect,
  HistoryEntry,
  JournalEntry,
  JournalHint,
  JournalMarker,
  JournalNote,
  JournalQuery,
  MarkerNote,
  OrderRequestNote,
  ProxiedNote,
  RequestTool,
} from './journal-entry.js';

export type * from './journal-entry.js';
export { isMarker } from './journal-entry.js';

/** How the journal shows a key: masked, and its id. */
interface KeyView {
  masked: string;
  id: string;
}

/** A row of the journal, reused when the ring comes round: one shape, its fields in the object itself. */
class Slot {
  seq = 0;
  atMs = 0;
  wallMs = 0;
  /** Set for a marker row, whose request fields are empty. */
  marker: MarkerNote | undefined = undefined;
  method = '';
  url = '';
  route: string | undefined = undefined;
  key: KeyView | null = null;
  status = 0;
  errorCode: string | undefined = undefined;
  errorMessage: string | undefined = undefined;
  fault: FaultEffect | undefined = undefined;
  retryAfterS: number | undefined = undefined;
  orderRequest: OrderRequestNote | undefined = undefined;
  orderId: string | undefined = undefined;
  orderStatus: string | undefined = undefined;
  reused: boolean | undefined = undefined;
  queuedFault: number | undefined = undefined;
  replayOf: number | undefined = undefined;
  tool: RequestTool | undefined = undefined;
  hints: JournalHint[] | undefined = undefined;
  proxied: ProxiedNote | undefined = undefined;
  durationMs = 0;
}

/** The headers and bodies of the request numbered `seq`. */
class ExchangeSlot {
  seq = 0;
  requestHeaders: HeaderList | undefined = undefined;
  requestBody: string | undefined = undefined;
  requestBodyTruncated: boolean | undefined = undefined;
  answerHeaders: Record<string, string> | undefined = undefined;
  answerBody: string | undefined = undefined;
  answerBodyTruncated = false;
}

/** A request as it was sent, secrets included: what a replay sends again. */
export interface RequestAsSent {
  method: string;
  /** Path and query string. */
  url: string;
  headers: [name: string, value: string][];
  body: string | undefined;
}

/** How many recent answer bodies, of at most how many characters, remember how the journal keeps them. */
const KEPT_BODIES_MEMO_SIZE = 4;
const MAX_MEMO_BODY_LENGTH = 256 * 1024;

/** Distinct URLs, keys and messages remembered for reuse; past this the memo starts afresh. */
const MEMO_SIZE = 1024;

/**
 * The last `capacity` requests and markers (a reset, a scenario switch, a restore, a fault queued), oldest
 * first; older ones are dropped so memory stays flat. The history outlives resets: they are marker rows in it,
 * and the entries after the last reset, switch or restore are the current run, which `entries` gives and the
 * readiness report grades. Under load a note must not cost a new object per request that lives on until it is
 * overwritten (a thousand requests later: long enough to reach V8's old generation, whose garbage then piles
 * up between major GCs and shows as a growing RSS). So the slots are reused, the times are kept as numbers and
 * formatted when read, and the keys, URLs and error messages, which repeat, are shared. The headers and bodies
 * are references to what the request and its answer hold anyway (the header list, the answer's text), bounded
 * only when an answer is over 64 KiB or carries QR images, and masked and parsed when read. They are kept for
 * the last `bodyCapacity` requests only (100 by default), in a ring of their own: kept for all 1000, the bodies
 * of a full-speed mix doubled the server's memory and cost a third of its throughput (bench soak: 109 → 215
 * MiB, 5.9k → 4.0k req/s), as each lived long enough to be promoted to the old generation.
 */
export class Journal {
  #slots: Slot[] = [];
  #exchanges: ExchangeSlot[] = [];
  #next = 0;
  #seq = 0;
  /** The `seq` of the marker the current run starts after; 0 before any. */
  #runStart = 0;
  readonly #keys = new Map<string, KeyView>();
  readonly #urls = new Map<string, string>();
  readonly #messages = new Map<string, string>();
  /** The same answer body again (a page kept whole) is not searched for QR images or measured again. */
  readonly #keptBodies = new RecentMemo(KEPT_BODIES_MEMO_SIZE, MAX_MEMO_BODY_LENGTH, keptAnswerBody);

  /** How many of the latest requests keep their headers and bodies; at most `capacity`. */
  readonly bodyCapacity: number;

  constructor(
    readonly capacity: number,
    bodyCapacity: number,
  ) {
    this.bodyCapacity = Math.max(0, Math.min(bodyCapacity, capacity));
  }

  /** Notes a request; a note whose times cannot be written is refused (a `RangeError`) before it takes a slot. */
  add(note: JournalNote): void {
    checkWritable(note);
    const slot = this.#nextSlot();
    if (!slot) return;
    slot.atMs = note.atMs;
    slot.wallMs = note.wallMs;
    slot.marker = undefined;
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
    slot.reused = note.reused;
    slot.queuedFault = note.queuedFault;
    slot.replayOf = note.replayOf;
    slot.tool = note.tool;
    slot.hints = note.hints;
    slot.proxied = note.proxied;
    slot.durationMs = note.durationMs ?? 0;
    if (this.bodyCapacity > 0) this.#keepExchange(slot.seq, note.exchange);
  }

  /** Notes a marker row; a reset, a scenario switch or a restore starts a new run after it. */
  mark(note: MarkerNote): JournalMarker | undefined {
    checkWritable(note);
    const slot = this.#nextSlot();
    if (!slot) return undefined;
    Object.assign(slot, EMPTY_REQUEST, { atMs: note.atMs, wallMs: note.wallMs, marker: note });
    if (note.marker !== 'fault') this.#runStart = slot.seq;
    return markerOf(slot, note);
  }

  /** The slot the next entry goes in, numbered; undefined when the journal keeps nothing. */
  #nextSlot(): Slot | undefined {
    if (this.capacity === 0) return undefined;
    let slot = this.#slots[this.#next];
    if (!slot) this.#slots.push((slot = new Slot()));
    slot.seq = ++this.#seq;
    this.#next = (this.#next + 1) % this.capacity;
    return slot;
  }

  #keepExchange(seq: number, exchange: ExchangeNote | undefined): void {
    const index = seq % this.bodyCapacity;
    let kept = this.#exchanges[index];
    if (!kept) this.#exchanges[index] = kept = new ExchangeSlot();
    kept.seq = seq;
    kept.requestHeaders = exchange?.requestHeaders;
    kept.requestBody = exchange?.requestBody;
    kept.requestBodyTruncated = exchange?.requestBodyTruncated;
    kept.answerHeaders = exchange?.answer?.headers;
    const body = exchange?.answer && this.#keptBodies.get(exchange.answer.body);
    kept.answerBody = body?.text;
    kept.answerBodyTruncated = body?.truncated ?? false;
  }

  #exchangeOf(seq: number): ExchangeSlot | undefined {
    const kept = this.bodyCapacity > 0 ? this.#exchanges[seq % this.bodyCapacity] : undefined;
    return kept?.seq === seq ? kept : undefined;
  }

  /**
   * The slot of the entry numbered `seq`, or undefined when it is not kept. The newest entry is in the slot before
   * `#next`, and each older one in the slot before that (numbers go on through `clear`, slots start afresh), so
   * a reader that asks for one entry at a time pays for that entry only.
   */
  #slotOf(seq: number): Slot | undefined {
    const back = this.#seq - seq;
    if (!Number.isInteger(back) || back < 0 || back >= this.#slots.length) return undefined;
    return this.#slots[(((this.#next - 1 - back) % this.capacity) + this.capacity) % this.capacity];
  }

  /** The `seq` of the oldest entry kept after `since` (which may be a fraction), whether or not one is kept. */
  #firstAfter(since: number): number {
    return Math.max(Math.floor(since) + 1, this.#seq - this.#slots.length + 1);
  }

  /**
   * The requests of the current run, oldest first: all, or those after `since`, at most `limit` (the oldest of
   * those asked for); with bodies unless `bodies` is false.
   */
  entries({ since = 0, bodies = true, limit = Number.POSITIVE_INFINITY }: JournalQuery = {}): JournalEntry[] {
    const entries: JournalEntry[] = [];
    for (let seq = this.#firstAfter(Math.max(since, this.#runStart)); seq <= this.#seq && entries.length < limit; seq++) {
      const slot = this.#slotOf(seq)!;
      if (!slot.marker) entries.push(entryOf(slot, bodies ? this.#exchangeOf(seq) : undefined));
    }
    return entries;
  }

  /**
   * Every request and marker kept, oldest first, through resets and switches: all, or those after `since`, at most
   * `limit` (the oldest of those asked for). An event stream's replay reads it one entry at a time.
   */
  history({ since = 0, bodies = true, limit = Number.POSITIVE_INFINITY }: JournalQuery = {}): HistoryEntry[] {
    const rows: HistoryEntry[] = [];
    for (let seq = this.#firstAfter(since); seq <= this.#seq && rows.length < limit; seq++) {
      const slot = this.#slotOf(seq)!;
      rows.push(slot.marker ? markerOf(slot, slot.marker) : entryOf(slot, bodies ? this.#exchangeOf(seq) : undefined));
    }
    return rows;
  }

  /** The entry of the request noted last; undefined when none is kept. */
  latest(): JournalEntry | undefined {
    if (this.#slots.length === 0) return undefined;
    const slot = this.#slots[(this.#next + this.capacity - 1) % this.capacity]!;
    return slot.marker ? undefined : entryOf(slot, this.#exchangeOf(slot.seq));
  }

  /** The request numbered `seq` as it was sent, while its headers and body are kept whole; else undefined. */
  requestAsSent(seq: number): RequestAsSent | undefined {
    const slot = this.#slotOf(seq);
    const exchange = this.#exchangeOf(seq);
    if (!slot || slot.marker || !exchange?.requestHeaders || exchange.requestBodyTruncated) return undefined;
    const headers: [string, string][] = [];
    exchange.requestHeaders.forEach((value, name) => void headers.push([name.toLowerCase(), value]));
    return { method: slot.method, url: slot.url, headers, body: exchange.requestBody };
  }

  /** Forgets every request and marker; the numbers go on from where they were. */
  clear(): void {
    this.#slots = [];
    this.#exchanges = [];
    this.#next = 0;
    this.#runStart = this.#seq;
  }
}

const EMPTY_REQUEST: Omit<Slot, 'seq' | 'atMs' | 'wallMs' | 'marker'> = {
  method: '',
  url: '',
  route: undefined,
  key: null,
  status: 0,
  errorCode: undefined,
  errorMessage: undefined,
  fault: undefined,
  retryAfterS: undefined,
  orderRequest: undefined,
  orderId: undefined,
  orderStatus: undefined,
  reused: undefined,
  queuedFault: undefined,
  replayOf: undefined,
  tool: undefined,
  hints: undefined,
  proxied: undefined,
  durationMs: 0,
};

/** The most a `Date` holds either side of the epoch: a time past it has no ISO 8601 form. */
const MAX_DATE_MS = 8.64e15;

/**
 * A note is refused whole when a time of it cannot be written: kept, it would make every later reading of the
 * journal fail, where refused it costs the journal one row.
 */
function checkWritable(note: { atMs: number; wallMs: number }): void {
  if (Math.abs(note.atMs) <= MAX_DATE_MS && Math.abs(note.wallMs) <= MAX_DATE_MS) return;
  throw new RangeError(`the journal keeps times it can write as ISO 8601 (got atMs ${note.atMs}, wallMs ${note.wallMs})`);
}

function markerOf(slot: Slot, note: MarkerNote): JournalMarker {
  return {
    seq: slot.seq,
    at: new Date(note.atMs).toISOString(),
    wallAt: new Date(note.wallMs).toISOString(),
    marker: note.marker,
    scenario: note.scenario,
    text: note.text,
  };
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
    ...(slot.reused !== undefined && { reused: slot.reused }),
    ...(slot.queuedFault !== undefined && { queuedFault: slot.queuedFault }),
    ...(slot.replayOf !== undefined && { replayOf: slot.replayOf }),
    ...(slot.tool !== undefined && { tool: slot.tool }),
    ...(slot.hints !== undefined && { hints: slot.hints.map((hint) => ({ ...hint })) }),
    ...(slot.proxied !== undefined && { proxied: proxiedCopy(slot.proxied) }),
    durationMs: Math.round(slot.durationMs * 1000) / 1000,
    ...(exchange && {
      request: { headers: journalHeaders(exchange.requestHeaders), ...journalBody(exchange.requestBody, exchange.requestBodyTruncated) },
      ...(exchange.answerHeaders && {
        response: { headers: journalAnswerHeaders(exchange.answerHeaders), ...journalBody(exchange.answerBody, exchange.answerBodyTruncated) },
      }),
    }),
  };
}

const same = (text: string) => text;
const viewOfKey = (key: string): KeyView => ({ masked: maskApiKey(key), id: keyIdOf(key) });

/** The `keyId` the journal gives the requests sent with `key`. */
export function keyIdOf(key: string): string {
  return fnv1a32(key);
}

function memo<T>(map: Map<string, T>, key: string, make: (key: string) => T): T {
  let value = map.get(key);
  if (value === undefined) {
    if (map.size >= MEMO_SIZE) map.clear();
    map.set(key, (value = make(key)));
  }
  return value;
}

function proxiedCopy(note: ProxiedNote): ProxiedNote {
  return {
    ...note,
    ...(note.inputProblems && { inputProblems: [...note.inputProblems] }),
    ...(note.upstreamProblems && { upstreamProblems: [...note.upstreamProblems] }),
  };
}
