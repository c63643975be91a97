/** Windows held at once at the most; past it the oldest is let go, so a client sending new keys cannot grow it. */
export const MAX_HELD_WINDOWS = 10_000;

/** What a window covers → when it closes, on the elapsed-time source. */
export type HeldWindows = ReadonlyMap<string, number>;

/** The windows `rate-limit` faults open: on elapsed time, as the steady limit (see `RateLimiter`). */
export class RateLimitWindows {
  #closesAt = new Map<string, number>();

  constructor(private readonly elapsedMs: () => number) {}

  get size(): number {
    return this.#closesAt.size;
  }

  /** Holds `caller`'s calls of `route` (a call name, or `*` for all) for `seconds` from now. */
  open(caller: string, route: string, seconds: number): void {
    const now = this.elapsedMs();
    if (this.#closesAt.size >= MAX_HELD_WINDOWS) this.#forgetClosed(now);
    if (this.#closesAt.size >= MAX_HELD_WINDOWS) this.#closesAt.delete(this.#closesAt.keys().next().value!);
    const cover = coverOf(caller, route);
    const closesAt = Math.max(now + seconds * 1000, this.#closesAt.get(cover) ?? 0);
    // Set afresh, so the Map's order stays the order windows were last opened in: the oldest goes first.
    this.#closesAt.delete(cover);
    this.#closesAt.set(cover, closesAt);
  }

  /** The whole seconds left (at least 1) of a window holding `caller`'s call of `callName`; undefined when none does. */
  secondsLeft(caller: string, callName: string): number | undefined {
    if (this.#closesAt.size === 0) return undefined;
    const now = this.elapsedMs();
    const closesAt = Math.max(this.#openUntil(coverOf(caller, callName), now), this.#openUntil(coverOf(caller, '*'), now));
    return closesAt > now ? Math.max(1, Math.ceil((closesAt - now) / 1000)) : undefined;
  }

  snapshot(): HeldWindows {
    return new Map(this.#closesAt);
  }

  restore(windows: HeldWindows): void {
    this.#closesAt = new Map(windows);
  }

  #openUntil(cover: string, now: number): number {
    const closesAt = this.#closesAt.get(cover);
    if (closesAt === undefined) return 0;
    if (closesAt > now) return closesAt;
    this.#closesAt.delete(cover);
    return 0;
  }

  #forgetClosed(now: number): void {
    for (const [cover, closesAt] of this.#closesAt) if (closesAt <= now) this.#closesAt.delete(cover);
  }
}

function coverOf(caller: string, route: string): string {
  return `${route} ${caller}`;
}
