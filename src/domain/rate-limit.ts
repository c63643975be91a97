import type { Behavior } from '../scenarios/scenario-schema.js';
import { ApiError } from './api-error.js';

export interface RateLimitStatus {
  limit: number;
  remaining: number;
  /** Seconds until the oldest counted request leaves the window. */
  resetSeconds: number;
}

/** Callers counted before idle ones are forgotten: any key a client sends gets a window, so they must not pile up. */
const SWEEP_AT_CALLERS = 1000;

/** At most `requests` in any `perMs`, on real elapsed time: a client that honours Retry-After really waits, the sandbox clock does not. */
export class RateLimiter {
  #windows = new Map<string, number[]>();
  #sweepAt = SWEEP_AT_CALLERS;

  constructor(
    readonly rule: NonNullable<Behavior['rateLimit']>,
    private readonly elapsedMs: () => number = () => performance.now(),
  ) {}

  /** How many callers have a window now (a bounded number, whatever keys clients send). */
  get trackedCallers(): number {
    return this.#windows.size;
  }

  snapshot(): ReadonlyMap<string, readonly number[]> {
    return new Map([...this.#windows].map(([caller, window]) => [caller, [...window]]));
  }

  restore(windows: ReadonlyMap<string, readonly number[]>): void {
    this.#windows = new Map([...windows].map(([caller, window]) => [caller, [...window]]));
  }

  /** Counts a request of `caller`, or refuses it with 429 and the seconds to wait. */
  admit(caller: string): RateLimitStatus {
    const now = this.elapsedMs();
    if (this.#windows.size >= this.#sweepAt) this.#forgetIdleCallers(now);
    const window = (this.#windows.get(caller) ?? []).filter((at) => at > now - this.rule.perMs);
    this.#windows.set(caller, window);
    const secondsUntilFree = () => Math.max(1, Math.ceil((window[0]! + this.rule.perMs - now) / 1000));
    if (window.length >= this.rule.requests) {
      const retryAfter = secondsUntilFree();
      throw new ApiError(
        'RATE_LIMITED',
        `rate limit of ${this.rule.requests} requests per ${this.rule.perMs} ms reached; retry after ${retryAfter} s`,
        { headers: { 'retry-after': String(retryAfter), ...rateLimitHeaders({ limit: this.rule.requests, remaining: 0, resetSeconds: retryAfter }) } },
      );
    }
    window.push(now);
    return { limit: this.rule.requests, remaining: this.rule.requests - window.length, resetSeconds: secondsUntilFree() };
  }

  /** Drops the callers with no request left in the window: they start afresh, as they would anyway. */
  #forgetIdleCallers(now: number): void {
    for (const [caller, window] of this.#windows) {
      if (window[window.length - 1]! <= now - this.rule.perMs) this.#windows.delete(caller);
    }
    // Amortised: when most callers are still active, the next sweep waits until there are twice as many.
    this.#sweepAt = Math.max(SWEEP_AT_CALLERS, this.#windows.size * 2);
  }
}

export function rateLimitHeaders(status: RateLimitStatus): Record<string, string> {
  return {
    'x-ratelimit-limit': String(status.limit),
    'x-ratelimit-remaining': String(status.remaining),
    'x-ratelimit-reset': String(status.resetSeconds),
  };
}
