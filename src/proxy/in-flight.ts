import { performance } from 'node:perf_hooks';

/** Why a forward in flight was stopped before the upstream's answer was read whole. */
export type Stopped = 'timeout' | 'cut-off';

/** One forward in flight: when its time is up, and how to stop it. */
export interface Flight {
  readonly deadline: number;
  readonly stop: (why: Stopped) => void;
}

/**
 * The forwards in flight to one upstream, each with the same time limit, so that their deadlines come in the order
 * they started: one timer, armed for the oldest deadline, stops what is overdue and arms itself for the next, in
 * place of a timer (an `AbortSignal.timeout`) per request — most forwards end long before the timer fires, and
 * end by leaving this set. Also stops every forward at once at the end of a server stop's grace (`stopAllAt`).
 */
export class InFlight {
  /** In start order, hence in deadline order. */
  readonly #flights = new Set<Flight>();
  #timer: ReturnType<typeof setTimeout> | undefined;
  readonly #cutOffs = new WeakSet<AbortSignal>();

  constructor(private readonly timeoutMs: number) {}

  /** A forward started now, stopped by `stop` if it is still in flight at its deadline. */
  add(stop: (why: Stopped) => void): Flight {
    const flight: Flight = { deadline: performance.now() + this.timeoutMs, stop };
    this.#flights.add(flight);
    this.#timer ??= this.#arm(this.timeoutMs);
    return flight;
  }

  /** A forward that ended, its answer read or its failure known. */
  delete(flight: Flight): void {
    this.#flights.delete(flight);
  }

  /** Every forward still in flight when `signal` aborts (a server stop's grace ends) is stopped then. */
  stopAllAt(signal: AbortSignal): void {
    if (this.#cutOffs.has(signal)) return;
    this.#cutOffs.add(signal);
    signal.addEventListener('abort', () => this.#stopAll('cut-off'), { once: true });
  }

  /** Stops every forward in flight. */
  #stopAll(why: Stopped): void {
    for (const flight of this.#flights) {
      this.#flights.delete(flight);
      flight.stop(why);
    }
  }

  #arm(ms: number): ReturnType<typeof setTimeout> {
    return setTimeout(this.#expire, Math.max(1, Math.ceil(ms))).unref();
  }

  readonly #expire = (): void => {
    this.#timer = undefined;
    const now = performance.now();
    for (const flight of this.#flights) {
      if (flight.deadline > now) {
        this.#timer = this.#arm(flight.deadline - now);
        return;
      }
      this.#flights.delete(flight);
      flight.stop('timeout');
    }
  };
}
