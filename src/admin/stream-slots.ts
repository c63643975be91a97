import { ApiError } from '../domain/api-error.js';

/** How many event streams a server keeps open at once, unless told otherwise: each may hold up to its bound. */
export const DEFAULT_MAX_STREAMS = 32;

export const MAX_STREAMS_LIMIT = 100_000;

const RETRY_AFTER_S = 5;

/** The open event streams of one server; `max` 0 allows none. */
export class StreamSlots {
  #open = 0;

  constructor(readonly max: number = DEFAULT_MAX_STREAMS) {
    if (!Number.isInteger(max) || max < 0 || max > MAX_STREAMS_LIMIT) throw new RangeError(`maxStreams must be an integer from 0 to ${MAX_STREAMS_LIMIT} (got ${max})`);
  }

  /** Takes a slot; the function returned gives it back (once, however often called). Throws a 503 when all are taken. */
  take(): () => void {
    if (this.#open >= this.max) {
      throw new ApiError(
        'SERVICE_UNAVAILABLE',
        `${this.#open} event streams are open, the most this server keeps (--max-streams ${this.max}, maxStreams in startServer): ` +
          `close a stream you no longer read, or try again in ${RETRY_AFTER_S} s.`,
        { headers: { 'retry-after': String(RETRY_AFTER_S) } },
      );
    }
    this.#open += 1;
    let given = false;
    return () => {
      if (given) return;
      given = true;
      this.#open -= 1;
    };
  }
}
