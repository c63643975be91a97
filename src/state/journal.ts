import { fnv1a32 } from '../lib/fnv1a.js';
import { maskApiKey } from '../lib/mask-api-key.js';
import { RecentMemo } from '../lib/recent-memo.js';
import { journalAnswerHeaders, journalBody, journalHeaders, keptAnswerBody } from './journal-exchange.js';
import type { HistoryEntry, JournalEntry, JournalMarker, JournalQuery, MarkerNote, ProxiedNote } from './journal-entry.js';
import { NO_HEADERS, RequestRecord, type RecordHeaders } from './request-record.js';

export type * from './journal-entry.js';
export { isMarker } from './journal-entry.js';

interface KeyView {
  masked: string;
  id: string;
}

interface MarkerRow {
  seq: number;
  marker: MarkerNote;
}

type Row = RequestRecord | MarkerRow;

/** A request as it was sent, secrets included: what a replay sends again. */
export interface RequestAsSent {
  method: string;
  url: string;
  headers: [name: string, value: string][];
  body: string | undefined;
}

/** How many recent answer bodies, of at most how many characters, remember how the journal keeps them. */
const KEPT_BODIES_MEMO_SIZE = 4;
const MAX_MEMO_BODY_LENGTH = 256 * 1024;

/** Distinct keys and messages remembered for reuse; past this the memo starts afresh. */
const MEMO_SIZE = 1024;

/**
 * A request's headers and bodies, kept for the last `bodyCapacity` requests only: kept for all 1000, the bodies of a
 * full-speed mix doubled the server's memory and cost a third of its throughput (bench soak: 109 → 215 MiB, 5.9k →
 * 4.0k req/s), as each lived long enough to be promoted to the old generation. They leave their record when it is
 * kept and live in a ring of their own: letting go of them then overwrites a slot of the ring, where clearing the
 * fields of the record a hundred requests back cost getBalance over HTTP ~0.3 µs of its ~14 µs of CPU (a cache miss
 * on an object long out of use; `perf record -e cpu-clock` of `esim-sandbox serve` under load).
 */
interface Exchange {
  readonly seq: number;
  readonly headers: RecordHeaders;
  readonly bodyText: string | undefined;
  readonly bodyTruncated: boolean | undefined;
  readonly answerHeaders: Record<string, string> | undefined;
  /** QR images shortened, at most 64 KiB (`answerBodyTruncated`). */
  readonly answerBody: string | undefined;
  readonly answerBodyTruncated: boolean;
}

/**
 * The last `capacity` requests and markers, oldest first; resets are marker rows, and the rows after the last
 * one are the current run. A request is kept as the pipeline's `RequestRecord`, not copied, its times formatted
 * and key masked when read; its headers and bodies are references to what the request and answer held (`Exchange`).
 */
export class Journal {
  #rows: Row[] = [];
  /** The exchange of request `seq` at `seq % bodyCapacity`. */
  #exchanges: Exchange[] = [];
  #next = 0;
  #seq = 0;
  #runStart = 0;
  readonly #keys = new Map<string, KeyView>();
  readonly #messages = new Map<string, string>();
  /** The same answer body again (a page kept whole) is not searched for QR images or measured again. */
  readonly #keptBodies = new RecentMemo(KEPT_BODIES_MEMO_SIZE, MAX_MEMO_BODY_LENGTH, keptAnswerBody);

  readonly bodyCapacity: number;

  constructor(
    readonly capacity: number,
    bodyCapacity: number,
  ) {
    this.bodyCapacity = Math.max(0, Math.min(bodyCapacity, capacity));
  }

  /** Throws a `RangeError`, taking no row, for a record whose times cannot be written. */
  add(record: RequestRecord): void {
    checkWritable(record);
    if (this.capacity === 0) return;
    this.#place(record);
    if (record.errorMessage !== undefined) record.errorMessage = memo(this.#messages, record.errorMessage, same);
    if (this.bodyCapacity > 0) this.#exchanges[record.seq % this.bodyCapacity] = this.#exchangeOf(record);
    forgetExchange(record);
  }

  mark(note: MarkerNote): JournalMarker | undefined {
    checkWritable(note);
    if (this.capacity === 0) return undefined;
    const row = this.#place({ seq: 0, marker: note });
    if (note.marker !== 'fault') this.#runStart = row.seq;
    return markerOf(row);
  }

  #place<T extends Row>(row: T): T {
    row.seq = ++this.#seq;
    if (this.#rows.length < this.capacity) this.#rows.push(row);
    else this.#rows[this.#next] = row;
    this.#next = (this.#next + 1) % this.capacity;
    return row;
  }

  #exchangeOf(record: RequestRecord): Exchange {
    const kept = record.answerBody === undefined ? undefined : this.#keptBodies.get(record.answerBody);
    return {
      seq: record.seq,
      headers: record.headers,
      bodyText: record.bodyText,
      bodyTruncated: record.bodyTruncated,
      answerHeaders: record.answerHeaders,
      answerBody: kept?.text,
      answerBodyTruncated: kept?.truncated ?? false,
    };
  }

  /** Undefined once the request is older than the last `bodyCapacity`. */
  #keptExchange(record: RequestRecord): Exchange | undefined {
    if (this.bodyCapacity === 0) return undefined;
    const exchange = this.#exchanges[record.seq % this.bodyCapacity];
    return exchange?.seq === record.seq ? exchange : undefined;
  }

  /** Computed from `#next`, so a reader that asks for one entry at a time pays for that entry only. */
  #rowOf(seq: number): Row | undefined {
    const back = this.#seq - seq;
    if (!Number.isInteger(back) || back < 0 || back >= this.#rows.length) return undefined;
    return this.#rows[(((this.#next - 1 - back) % this.capacity) + this.capacity) % this.capacity];
  }

  /** `since` may be a fraction. */
  #firstAfter(since: number): number {
    return Math.max(Math.floor(since) + 1, this.#seq - this.#rows.length + 1);
  }

  entries({ since = 0, bodies = true, limit = Number.POSITIVE_INFINITY }: JournalQuery = {}): JournalEntry[] {
    return this.#read(Math.max(since, this.#runStart), bodies, limit, false) as JournalEntry[];
  }

  history({ since = 0, bodies = true, limit = Number.POSITIVE_INFINITY }: JournalQuery = {}): HistoryEntry[] {
    return this.#read(since, bodies, limit, true);
  }

  #read(since: number, bodies: boolean, limit: number, markers: boolean): HistoryEntry[] {
    const rows: HistoryEntry[] = [];
    for (let seq = this.#firstAfter(since); seq <= this.#seq && rows.length < limit; seq++) {
      const row = this.#rowOf(seq)!;
      if (row instanceof RequestRecord) rows.push(this.#entryOf(row, bodies));
      else if (markers) rows.push(markerOf(row));
    }
    return rows;
  }

  latest(): JournalEntry | undefined {
    const row = this.#rowOf(this.#seq);
    return row instanceof RequestRecord ? this.#entryOf(row, true) : undefined;
  }

  /** Undefined once its headers and body are no longer kept whole. */
  requestAsSent(seq: number): RequestAsSent | undefined {
    const row = this.#rowOf(seq);
    if (!(row instanceof RequestRecord)) return undefined;
    const exchange = this.#keptExchange(row);
    if (exchange === undefined || exchange.bodyTruncated) return undefined;
    const headers: [string, string][] = [];
    exchange.headers.forEach((value, name) => void headers.push([name.toLowerCase(), value]));
    return { method: row.method, url: row.url.pathAndQuery, headers, body: exchange.bodyText };
  }

  #entryOf(record: RequestRecord, bodies: boolean): JournalEntry {
    const key = record.apiKey === null ? null : memo(this.#keys, record.apiKey, viewOfKey);
    return entryOf(record, key, bodies ? this.#keptExchange(record) : undefined);
  }

  /** The numbers go on from where they were. */
  clear(): void {
    this.#rows = [];
    this.#exchanges = [];
    this.#next = 0;
    this.#runStart = this.#seq;
  }
}

/** The record's references to its request and answer, handed to the journal's ring (or let go, without one). */
function forgetExchange(record: RequestRecord): void {
  record.headers = NO_HEADERS;
  record.body = null;
  record.bodyText = undefined;
  record.json = undefined;
  record.answerHeaders = undefined;
  record.answerBody = undefined;
}

const MAX_DATE_MS = 8.64e15;

/** Kept, a time with no ISO 8601 form would make every later reading fail; refused, it costs one row. */
function checkWritable(note: { atMs: number; wallMs: number }): void {
  if (Math.abs(note.atMs) <= MAX_DATE_MS && Math.abs(note.wallMs) <= MAX_DATE_MS) return;
  throw new RangeError(`the journal keeps times it can write as ISO 8601 (got atMs ${note.atMs}, wallMs ${note.wallMs})`);
}

function markerOf({ seq, marker: note }: MarkerRow): JournalMarker {
  return {
    seq,
    at: new Date(note.atMs).toISOString(),
    wallAt: new Date(note.wallMs).toISOString(),
    marker: note.marker,
    scenario: note.scenario,
    text: note.text,
  };
}

function entryOf(record: RequestRecord, key: KeyView | null, exchange: Exchange | undefined): JournalEntry {
  return {
    seq: record.seq,
    at: new Date(record.atMs).toISOString(),
    wallAt: new Date(record.wallMs).toISOString(),
    method: record.method,
    url: record.url.pathAndQuery,
    ...(record.route !== undefined && { route: record.route }),
    apiKey: key?.masked ?? null,
    keyId: key?.id ?? null,
    status: record.status,
    ...(record.errorCode !== undefined && { errorCode: record.errorCode }),
    ...(record.errorMessage !== undefined && { errorMessage: record.errorMessage }),
    ...(record.fault !== undefined && { fault: record.fault }),
    ...(record.retryAfterS !== undefined && { retryAfterS: record.retryAfterS }),
    ...(record.orderRequest !== undefined && { orderRequest: { ...record.orderRequest } }),
    ...(record.orderId !== undefined && { orderId: record.orderId }),
    ...(record.orderStatus !== undefined && { orderStatus: record.orderStatus }),
    ...(record.reused !== undefined && { reused: record.reused }),
    ...(record.queuedFault !== undefined && { queuedFault: record.queuedFault }),
    ...(record.replayOf !== undefined && { replayOf: record.replayOf }),
    ...(record.tool !== undefined && { tool: record.tool }),
    ...(record.hints !== undefined && { hints: record.hints.map((hint) => ({ ...hint })) }),
    ...(record.proxied !== undefined && { proxied: proxiedCopy(record.proxied) }),
    durationMs: Math.round(record.durationMs * 1000) / 1000,
    ...(exchange && {
      request: { headers: journalHeaders(exchange.headers), ...journalBody(exchange.bodyText, exchange.bodyTruncated) },
      ...(exchange.answerHeaders && {
        response: { headers: journalAnswerHeaders(exchange.answerHeaders), ...journalBody(exchange.answerBody, exchange.answerBodyTruncated) },
      }),
    }),
  };
}

const same = (text: string) => text;
/** The `keyId` the journal gives the requests sent with `key`. */
export const keyIdOf: (key: string) => string = fnv1a32;
const viewOfKey = (key: string): KeyView => ({ masked: maskApiKey(key), id: keyIdOf(key) });

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
