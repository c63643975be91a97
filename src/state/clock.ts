import type { ClockSpec } from '../scenarios/scenario-schema.js';
import { checkClockAdvance, checkClockTime, CLOCK_MAX_MS, CLOCK_MIN_MS } from '../contract/clock-range.js';

export type ClockMode = ClockSpec['mode'];
export const CLOCK_MODES: readonly ClockMode[] = ['step', 'wall'];

/**
 * "step" moves by a fixed step per answered request, so the same requests always see the same times. A move past
 * the range (src/contract/clock-range.ts) is refused, and steps or a wall clock stop at its end, so the time
 * shown can always be written.
 */
export class SandboxClock {
  /** By steps and by hand; a wall clock's own run is not kept. */
  offsetMs = 0;
  #mode: ClockMode;
  #wallSince: number;
  readonly #startMs: number;

  constructor(
    private readonly spec: ClockSpec,
    private readonly wallClock: () => number,
  ) {
    this.#startMs = checkClockTime(Date.parse(spec.start), 'clock.start', spec.start);
    this.#mode = spec.mode;
    this.#wallSince = spec.mode === 'wall' ? wallClock() : 0;
  }

  get mode(): ClockMode {
    return this.#mode;
  }

  now(): number {
    return inRange(this.#unbounded());
  }

  /** The time it shows does not jump. */
  setMode(mode: ClockMode): void {
    const now = this.now();
    this.#mode = mode;
    this.#wallSince = this.wallClock();
    this.offsetMs = now - this.#startMs;
  }

  step(): void {
    if (this.#mode === 'step') this.offsetMs = Math.min(this.offsetMs + this.spec.stepMs, CLOCK_MAX_MS - this.#startMs);
  }

  /** Throws a `ClockRangeError` unless the clock stays in its range. */
  advance(ms: number, what?: string): void {
    const unbounded = this.#unbounded();
    const now = inRange(unbounded);
    // From the time shown: a wall clock that ran past the end moves on from the end.
    this.offsetMs += checkClockAdvance(now, ms, what) + now - unbounded;
  }

  /** Throws a `ClockRangeError` outside the clock's range. */
  set(epochMs: number, what = 'now', given: unknown = epochMs): void {
    this.offsetMs += checkClockTime(epochMs, what, given) - this.#unbounded();
  }

  #unbounded(): number {
    return this.#startMs + this.offsetMs + (this.#mode === 'wall' ? this.wallClock() - this.#wallSince : 0);
  }
}

const inRange = (epochMs: number) => (epochMs > CLOCK_MAX_MS ? CLOCK_MAX_MS : epochMs < CLOCK_MIN_MS ? CLOCK_MIN_MS : epochMs);

export function checkClockMode(mode: unknown, where = 'clock'): ClockMode {
  if (CLOCK_MODES.includes(mode as ClockMode)) return mode as ClockMode;
  throw new RangeError(`${where} must be "step" (a fixed step per answered request) or "wall" (real elapsed time) (got ${JSON.stringify(mode)})`);
}
