/** Runs tasks one after another, in the order they were queued: state changes never interleave. */
export class SerialQueue {
  #tail: Promise<unknown> = Promise.resolve();

  /** `task`'s result, once every task queued before it has settled. */
  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.#tail.then(task);
    this.#tail = result.catch(() => undefined);
    return result;
  }
}
