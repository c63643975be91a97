import type { ClockSpec } from '../scenarios/scenario-schema.js';

/**
 * The sandbox's own time. In "step" mode it starts at the scenario's start and moves by a fixed step
 * after each answered request, so the same requests always see the same times.
 */
export class SandboxClock {
  #offsetMs = 0;
  readonly #startMs: number;
  readonly #wallAtStart: number;

  constructor(
    private readonly spec: ClockSpec,
    private readonly wallClock: () => number = () => Date.now(),
  ) {
    this.#startMs = Date.parse(spec.start);
    this.#wallAtStart = spec.mode === 'wall' ? wallClock() : 0;
  }

  now(): number {
    const elapsed = this.spec.mode === 'wall' ? this.wallClock() - this.#wallAtStart : 0;
    return this.#startMs + this.#offsetMs + elapsed;
  }

  /** Called once per answered request. */
  step(): void {
    if (this.spec.mode === 'step') this.#offsetMs += this.spec.stepMs;
  }

  advance(ms: number): void {
    this.#offsetMs += ms;
  }

  set(epochMs: number): void {
    this.#offsetMs += epochMs - this.now();
  }

  /** How far the clock has moved from the scenario's start, by steps and by hand (a wall clock's own run is not kept). */
  get offsetMs(): number {
    return this.#offsetMs;
  }

  set offsetMs(offsetMs: number) {
    this.#offsetMs = offsetMs;
  }
}
