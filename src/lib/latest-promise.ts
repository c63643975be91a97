/**
 * The latest of a series of promises (a state being built, then rebuilt), and whether it has resolved: a
 * caller then goes on without waiting a turn for a promise long settled.
 */
export class LatestPromise {
  #promise: Promise<void> = Promise.resolve();
  #resolved = false;

  get promise(): Promise<void> {
    return this.#promise;
  }

  /** Whether the latest promise has resolved (not rejected). */
  get resolved(): boolean {
    return this.#resolved;
  }

  /** Makes `promise` the latest; returns it. */
  set(promise: Promise<void>): Promise<void> {
    this.#promise = promise;
    this.#resolved = false;
    promise.then(
      () => {
        if (this.#promise === promise) this.#resolved = true;
      },
      () => undefined,
    );
    return promise;
  }

  isLatest(promise: Promise<void>): boolean {
    return this.#promise === promise;
  }
}
