import { maskApiKey } from '../lib/mask-api-key.js';

export interface JournalEntry {
  /** Sandbox-clock time the request was answered, ISO 8601. */
  at: string;
  method: string;
  /** Path and query string, as received. */
  url: string;
  /** The API key with all but its last 4 characters masked, or null when none was sent. */
  apiKey: string | null;
  status: number;
  /** The `error.code` of an error answer. */
  errorCode?: string;
  /** The fault that struck this request: `error`, `drop` (no answer, nothing done) or `lose-response` (done, not answered). */
  fault?: 'error' | 'drop' | 'lose-response';
  /** The JSON request body, parsed, when it declared a length of at most 64 KiB (src/api/request-body-note.ts). */
  body?: unknown;
}

/** One request as the sandbox notes it; the journal makes a `JournalEntry` of it when read. */
export interface JournalNote {
  /** Sandbox-clock time, epoch ms. */
  atMs: number;
  method: string;
  /** Path and query string. */
  url: string;
  /** The key as sent: the journal keeps it masked only. */
  apiKey: string | null;
  status: number;
  errorCode?: string;
  fault?: JournalEntry['fault'];
  body?: unknown;
}

interface Slot {
  atMs: number;
  method: string;
  url: string;
  maskedKey: string | null;
  status: number;
  errorCode: string | undefined;
  fault: JournalEntry['fault'] | undefined;
  body: unknown;
}

/** The journal's requests at one moment; the slots are copies, since the journal reuses its own. */
export interface JournalSnapshot {
  readonly slots: readonly Readonly<Slot>[];
  readonly next: number;
}

/** Distinct URLs and keys remembered for reuse; past this the memo starts afresh. */
const MEMO_SIZE = 1024;

/**
 * The last `capacity` requests, oldest first; older ones are dropped so memory stays flat. Under load a
 * note must not cost a new object per request that lives on until it is overwritten (a thousand requests
 * later: long enough to reach V8's old generation, whose garbage then piles up between major GCs and
 * shows as a growing RSS). So the slots are reused, the time is kept as a number and formatted when read,
 * and the masked keys and URLs, which repeat, are shared.
 */
export class Journal {
  #slots: Slot[] = [];
  #next = 0;
  readonly #maskedKeys = new Map<string, string>();
  readonly #urls = new Map<string, string>();

  constructor(readonly capacity: number) {}

  add(note: JournalNote): void {
    if (this.capacity === 0) return;
    let slot = this.#slots[this.#next];
    if (!slot) this.#slots.push((slot = {} as Slot));
    slot.atMs = note.atMs;
    slot.method = note.method;
    slot.url = memo(this.#urls, note.url, (url) => url);
    slot.maskedKey = note.apiKey === null ? null : memo(this.#maskedKeys, note.apiKey, maskApiKey);
    slot.status = note.status;
    slot.errorCode = note.errorCode;
    slot.fault = note.fault;
    slot.body = note.body;
    this.#next = (this.#next + 1) % this.capacity;
  }

  entries(): JournalEntry[] {
    const ordered = this.#slots.length < this.capacity ? this.#slots : [...this.#slots.slice(this.#next), ...this.#slots.slice(0, this.#next)];
    return ordered.map((slot) => ({
      at: new Date(slot.atMs).toISOString(),
      method: slot.method,
      url: slot.url,
      apiKey: slot.maskedKey,
      status: slot.status,
      ...(slot.errorCode !== undefined && { errorCode: slot.errorCode }),
      ...(slot.fault !== undefined && { fault: slot.fault }),
      ...(slot.body !== undefined && { body: slot.body }),
    }));
  }

  clear(): void {
    this.#slots = [];
    this.#next = 0;
  }

  /** A copy of the requests noted, to go back to with `restore`. */
  snapshot(): JournalSnapshot {
    return { slots: this.#slots.map((slot) => ({ ...slot })), next: this.#next };
  }

  restore(snapshot: JournalSnapshot): void {
    this.#slots = snapshot.slots.map((slot) => ({ ...slot }));
    this.#next = snapshot.next;
  }
}

function memo(map: Map<string, string>, key: string, make: (key: string) => string): string {
  let value = map.get(key);
  if (value === undefined) {
    if (map.size >= MEMO_SIZE) map.clear();
    map.set(key, (value = make(key)));
  }
  return value;
}
