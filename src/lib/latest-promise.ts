/** Knowing it resolved, a caller goes on without waiting a turn for a promise long settled. */
export class LatestPromise {
  #promise: Promise<void> = Promise.resolve();
  #resolved = false;

  get promise(): Promise<void> {
    return this.#promise;
  }

  /** Resolved, not rejected. */
  get resolved(): boolean {
    return this.#resolved;
  }

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
