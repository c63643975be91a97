import { logFailure } from './log-failure.js';

/**
 * A listener that throws (a stream whose reader went away) is removed and logged, and the others still hear:
 * what emits, a request being answered, never fails for a listener.
 */
export class Listeners<T> {
  readonly #listeners = new Set<(value: T) => void>();

  add(listener: (value: T) => void): () => void {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  }

  get size(): number {
    return this.#listeners.size;
  }

  emit(value: T): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener(value);
      } catch (error) {
        this.#listeners.delete(listener);
        logFailure('a listener failed and no longer hears', error);
      }
    }
  }
}
