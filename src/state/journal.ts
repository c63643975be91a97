import type { JournalEntry } from '../types.js';

/** The last `capacity` requests, oldest first; older ones are dropped so memory stays flat. */
export class Journal {
  #entries: JournalEntry[] = [];
  #next = 0;

  constructor(readonly capacity: number) {}

  add(entry: JournalEntry): void {
    if (this.capacity === 0) return;
    if (this.#entries.length < this.capacity) {
      this.#entries.push(entry);
    } else {
      this.#entries[this.#next] = entry;
    }
    this.#next = (this.#next + 1) % this.capacity;
  }

  entries(): JournalEntry[] {
    if (this.#entries.length < this.capacity) return [...this.#entries];
    return [...this.#entries.slice(this.#next), ...this.#entries.slice(0, this.#next)];
  }

  clear(): void {
    this.#entries = [];
    this.#next = 0;
  }
}
