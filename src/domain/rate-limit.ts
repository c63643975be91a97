import { ApiError } from './api-error.js';

export interface RateLimitRule {
  requests: number;
  perMs: number;
}

/**
 * A sliding window per caller: at most `requests` in any `perMs`. It runs on real elapsed time, because a
 * client that honours Retry-After really waits; the sandbox clock is not moved by waiting.
 */
export class RateLimiter {
  readonly #windows = new Map<string, number[]>();

  constructor(
    private readonly rule: RateLimitRule,
    private readonly elapsedMs: () => number = () => performance.now(),
  ) {}

  /** Counts a request of `caller`, or refuses it with 429 and the seconds to wait. */
  admit(caller: string): void {
    const now = this.elapsedMs();
    const window = (this.#windows.get(caller) ?? []).filter((at) => at > now - this.rule.perMs);
    if (window.length >= this.rule.requests) {
      this.#windows.set(caller, window);
      const retryAfter = Math.max(1, Math.ceil((window[0]! + this.rule.perMs - now) / 1000));
      throw new ApiError(
        'RATE_LIMITED',
        `rate limit of ${this.rule.requests} requests per ${this.rule.perMs} ms reached; retry after ${retryAfter} s`,
        {
          headers: {
            'retry-after': String(retryAfter),
            'x-ratelimit-limit': String(this.rule.requests),
            'x-ratelimit-remaining': '0',
            'x-ratelimit-reset': String(retryAfter),
          },
        },
      );
    }
    window.push(now);
    this.#windows.set(caller, window);
  }
}
