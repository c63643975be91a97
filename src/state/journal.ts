import { fnv1a32 } from '../lib/fnv1a.js';
import { maskApiKey } from '../lib/mask-api-key.js';
import { RecentMemo } from '../lib/recent-memo.js';
import { journalAnswerHeaders, journalBody, journalHeaders, keptAnswerBody } from './journal-exchange.js';
import type { HistoryEntry, JournalEntry, JournalMarker, JournalQuery, MarkerNote, ProxiedNote } from './journal-entry.js';
import { NO_HEADERS, RequestRecord } from './request-record.js';

export type * from './journal-entry.js';
export { isMarker } from './journal-entry.js';

/** How the journal shows a key: masked, and its id. */
interface KeyView {
  masked: string;
  id: string;
}

/** A marker row of the history. */
interface MarkerRow {
  seq: number;
  marker: MarkerNote;
}

type Row = RequestRecord | MarkerRow;

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

/** Distinct keys and messages remembered for reuse; past this the memo starts afresh. */
const MEMO_SIZE = 1024;

/**
 * The last `capacity` requests and markers (a reset, a scenario switch, a restore, a fault queued), oldest
 * first; older ones are dropped so memory stays flat. The history outlives resets: they are marker rows in it,
 * and the entries after the last reset, switch or restore are the current run, which `entries` gives and the
 * readiness report grades. A request is kept as the record the pipeline built (`RequestRecord`), not copied:
 * one small object of one shape per request, its times numbers formatted when read, its key masked when read
 * (and the masks shared), its error messages shared. The headers and bodies are references to what the request
 * and its answer hold anyway (the header list, the answer's text), bounded only when an answer is over 64 KiB or
 * carries QR images, and masked and parsed when read. A record lets go of them once it is older than the last
 * `bodyCapacity` requests (100 by default): kept for all 1000, the bodies of a full-speed mix doubled the
 * server's memory and cost a third of its throughput (bench soak: 109 → 215 MiB, 5.9k → 4.0k req/s), as each
 * lived long enough to be promoted to the old generation.
 */
export class Journal {
  #rows: Row[] = [];
  /** The records that keep their headers and bodies, the one numbered `seq` at `seq % bodyCapacity`. */
  #withExchange: RequestRecord[] = [];
  #next = 0;
  #seq = 0;
  /** The `seq` of the marker the current run starts after; 0 before any. */
  #runStart = 0;
  readonly #keys = new Map<string, KeyView>();
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

  /**
   * Keeps a request's record as it is; one whose times cannot be written is refused (a `RangeError`) before it
   * takes a row. The record that leaves the latest `bodyCapacity` lets go of its headers and bodies.
   */
  add(record: RequestRecord): void {
    checkWritable(record);
    if (this.capacity === 0) return;
    this.#place(record);
    this.#keepExchange(record);
    if (record.errorMessage !== undefined) record.errorMessage = memo(this.#messages, record.errorMessage, same);
    if (record.answerBody !== undefined && this.bodyCapacity > 0) {
      const kept = this.#keptBodies.get(record.answerBody);
      record.answerBody = kept.text;
      record.answerBodyTruncated = kept.truncated;
    }
  }

  /** Notes a marker row; a reset, a scenario switch or a restore starts a new run after it. */
  mark(note: MarkerNote): JournalMarker | undefined {
    checkWritable(note);
    if (this.capacity === 0) return undefined;
    const row = this.#place({ seq: 0, marker: note });
    if (note.marker !== 'fault') this.#runStart = row.seq;
    return markerOf(row);
  }

  /** Numbers `row` and puts it in the ring, in place of the oldest when the ring is full. */
  #place<T extends Row>(row: T): T {
    row.seq = ++this.#seq;
    if (this.#rows.length < this.capacity) this.#rows.push(row);
    else this.#rows[this.#next] = row;
    this.#next = (this.#next + 1) % this.capacity;
    return row;
  }

  /** Keeps the headers and bodies of `record`; the record it takes the place of lets go of its own. */
  #keepExchange(record: RequestRecord): void {
    if (this.bodyCapacity === 0) return forgetExchange(record);
    const index = record.seq % this.bodyCapacity;
    const leaving = this.#withExchange[index];
    if (leaving) forgetExchange(leaving);
    this.#withExchange[index] = record;
  }

  /** Whether `record` still keeps its headers and bodies. */
  #keepsExchange(record: RequestRecord): boolean {
    return this.bodyCapacity > 0 && this.#withExchange[record.seq % this.bodyCapacity] === record;
  }

  /**
   * The row of the entry numbered `seq`, or undefined when it is not kept. The newest entry is in the row before
   * `#next`, and each older one in the row before that (numbers go on through `clear`, rows start afresh), so
   * a reader that asks for one entry at a time pays for that entry only.
   */
  #rowOf(seq: number): Row | undefined {
    const back = this.#seq - seq;
    if (!Number.isInteger(back) || back < 0 || back >= this.#rows.length) return undefined;
    return this.#rows[(((this.#next - 1 - back) % this.capacity) + this.capacity) % this.capacity];
  }

  /** The `seq` of the oldest entry kept after `since` (which may be a fraction), whether or not one is kept. */
  #firstAfter(since: number): number {
    return Math.max(Math.floor(since) + 1, this.#seq - this.#rows.length + 1);
  }

  /**
   * The requests of the current run, oldest first: all, or those after `since`, at most `limit` (the oldest of
   * those asked for); with bodies unless `bodies` is false.
   */
  entries({ since = 0, bodies = true, limit = Number.POSITIVE_INFINITY }: JournalQuery = {}): JournalEntry[] {
    return this.#read(Math.max(since, this.#runStart), bodies, limit, false) as JournalEntry[];
  }

  /**
   * Every request and marker kept, oldest first, through resets and switches: all, or those after `since`, at most
   * `limit` (the oldest of those asked for). An event stream's replay reads it one entry at a time.
   */
  history({ since = 0, bodies = true, limit = Number.POSITIVE_INFINITY }: JournalQuery = {}): HistoryEntry[] {
    return this.#read(since, bodies, limit, true);
  }

  /** The rows after `since`, oldest first, at most `limit`: requests, and markers when `markers`. */
  #read(since: number, bodies: boolean, limit: number, markers: boolean): HistoryEntry[] {
    const rows: HistoryEntry[] = [];
    for (let seq = this.#firstAfter(since); seq <= this.#seq && rows.length < limit; seq++) {
      const row = this.#rowOf(seq)!;
      if (row instanceof RequestRecord) rows.push(this.#entryOf(row, bodies));
      else if (markers) rows.push(markerOf(row));
    }
    return rows;
  }

  /** The entry of the request noted last; undefined when none is kept. */
  latest(): JournalEntry | undefined {
    const row = this.#rowOf(this.#seq);
    return row instanceof RequestRecord ? this.#entryOf(row, true) : undefined;
  }

  /** The request numbered `seq` as it was sent, while its headers and body are kept whole; else undefined. */
  requestAsSent(seq: number): RequestAsSent | undefined {
    const row = this.#rowOf(seq);
    if (!(row instanceof RequestRecord) || !this.#keepsExchange(row) || row.bodyTruncated) return undefined;
    const headers: [string, string][] = [];
    row.headers.forEach((value, name) => void headers.push([name.toLowerCase(), value]));
    return { method: row.method, url: row.url.pathAndQuery, headers, body: row.bodyText };
  }

  /** A record as an entry; with `request` and `response` when asked for and still kept. */
  #entryOf(record: RequestRecord, bodies: boolean): JournalEntry {
    const key = record.apiKey === null ? null : memo(this.#keys, record.apiKey, viewOfKey);
    return entryOf(record, key, bodies && this.#keepsExchange(record));
  }

  /** Forgets every request and marker; the numbers go on from where they were. */
  clear(): void {
    for (const record of this.#withExchange) if (record) forgetExchange(record);
    this.#rows = [];
    this.#withExchange = [];
    this.#next = 0;
    this.#runStart = this.#seq;
  }
}

/** A record past the latest `bodyCapacity`: its headers and bodies are let go, as they would keep a thousand answers alive. */
function forgetExchange(record: RequestRecord): void {
  record.headers = NO_HEADERS;
  record.body = null;
  record.bodyText = undefined;
  record.json = undefined;
  record.answerHeaders = undefined;
  record.answerBody = undefined;
}

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

/** A record as an entry; with `request` and `response` when `exchange`. */
function entryOf(record: RequestRecord, key: KeyView | null, exchange: boolean): JournalEntry {
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
      request: { headers: journalHeaders(record.headers), ...journalBody(record.bodyText, record.bodyTruncated) },
      ...(record.answerHeaders && {
        response: { headers: journalAnswerHeaders(record.answerHeaders), ...journalBody(record.answerBody, record.answerBodyTruncated) },
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
