import { logFailure } from './log-failure.js';

/**
 * A set of listeners of one kind of value. A listener that throws is removed (a stream whose reader went away
 * throws on write) and its failure logged, and the others still hear: what emits, a request being answered,
 * never fails for a listener.
 */
export class Listeners<T> {
  readonly #listeners = new Set<(value: T) => void>();

  /** Adds `listener`; the function returned removes it. */
  add(listener: (value: T) => void): () => void {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  }

  get size(): number {
    return this.#listeners.size;
  }

  /** Calls each listener with `value`, in the order they were added. */
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
