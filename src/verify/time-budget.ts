import { ServiceUnreachable } from '../client/network-error.js';

/**
 * The total time a command may spend on a service. Each request gets what is left of it at most, and a
 * wait (a 429's Retry-After) is taken only when it fits in what is left.
 */
export class TimeBudget {
  readonly #ends: number;
  constructor(
    readonly seconds: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.#ends = now() + seconds * 1000;
  }

  remainingMs(): number {
    return Math.max(0, this.#ends - this.now());
  }

  /** `the time budget (--budget 60 s)`, for messages. */
  get name(): string {
    return `the time budget (--budget ${this.seconds} s)`;
  }

  /** Throws when nothing is left, before a request is sent. */
  assertLeft(sent: number): void {
    if (this.remainingMs() > 0) return;
    throw new ServiceUnreachable(
      `${this.name} ran out after ${sent} requests, before the checks were done: the service answers too slowly; raise --budget, or --rate if the service allows it`,
    );
  }
}
