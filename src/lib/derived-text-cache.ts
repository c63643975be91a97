/** `marks`: offsets its reader needs (where each part ends). */
export interface DerivedText {
  readonly text: string;
  readonly marks?: readonly number[];
}

interface Entry {
  source: object;
  variant: string;
  derived: DerivedText;
  bytes: number;
  /** Read since the eviction last passed over it. */
  used: boolean;
}

/** What V8 keeps per entry besides the characters (string header, the entry, its map slot), roughly. */
const ENTRY_OVERHEAD_BYTES = 96;
const TWO_BYTE_CHARACTER = /[^\u0000-\u00ff]/;

/**
 * Kept while the source is the same object: records are frozen and replaced, so old texts are never given out.
 * Past `maxBytes` keys go oldest first, one read since given another turn (the "clock" algorithm: moving a key
 * on every read cost a page of 50 orders two map updates per order).
 */
export class DerivedTextCache {
  readonly #entries = new Map<string, Entry>();
  #bytes = 0;

  constructor(readonly maxBytes: number) {}

  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: string, source: object, variant: string, make: () => DerivedText): DerivedText {
    const kept = this.#entries.get(key);
    if (kept) {
      if (kept.source === source && kept.variant === variant) {
        kept.used = true;
        return kept.derived;
      }
      this.#entries.delete(key);
      this.#bytes -= kept.bytes;
    }
    const derived = make();
    const { text, marks = [] } = derived;
    const bytes = ENTRY_OVERHEAD_BYTES + (TWO_BYTE_CHARACTER.test(text) ? 2 : 1) * text.length + 8 * marks.length;
    if (bytes > this.maxBytes) return derived;
    this.#entries.set(key, { source, variant, derived, bytes, used: false });
    this.#bytes += bytes;
    for (const [oldest, entry] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      // The text just made is the newest: the others go first, those given another turn included.
      if (oldest === key) continue;
      this.#entries.delete(oldest);
      if (entry.used) {
        entry.used = false;
        this.#entries.set(oldest, entry);
      } else {
        this.#bytes -= entry.bytes;
      }
    }
    return derived;
  }

  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
  }
}
