import type { Fault } from '../scenarios/scenario-schema.js';
import { SeededRandom, type RandomPosition } from '../state/seeded-random.js';
import { RateLimitWindows, type HeldWindows } from './rate-limit-window.js';
import { ChaosPlan } from './chaos-plan.js';
import type { Chaos } from '../scenarios/scenario-schema.js';

/** What the faults of a scenario do to one call. */
export interface CallFaults {
  latencyMs: number;
  /** Answer this status instead of handling the request. */
  errorStatus: number | null;
  /**
   * Answer 429 with `Retry-After` of this many seconds instead of handling the request (an error status wins), and
   * hold the caller's calls of `rateLimitRoute` (a route path, or `*`) for as long.
   */
  retryAfterS: number | null;
  rateLimitRoute: string | null;
  /** Close the connection before handling the request. */
  drop: boolean;
  /** Handle the request, then close the connection instead of answering. */
  loseResponse: boolean;
}

export interface FaultPlanSnapshot {
  readonly calls: readonly number[];
  readonly random: RandomPosition;
  readonly windows: HeldWindows;
  readonly chaos: RandomPosition | undefined;
}

const NO_FAULTS: CallFaults = { latencyMs: 0, errorStatus: null, retryAfterS: null, rateLimitRoute: null, drop: false, loseResponse: false };

/**
 * Decides, call by call, which faults strike. Each fault counts the calls of its route since the plan was made
 * (the sandbox's start or reset), so `calls: [3]` on `/createOrder` is the third createOrder whatever came in
 * between. Draws come from a generator of their own, so turning faults on does not change the ids and eSIM
 * data the rest of the sandbox draws.
 */
export class FaultPlan {
  #calls: number[];
  readonly #random: SeededRandom;
  /** The windows the rate-limit faults opened. */
  readonly windows: RateLimitWindows;
  readonly #chaos: ChaosPlan | undefined;

  constructor(
    private readonly faults: readonly Fault[],
    seed: number,
    elapsedMs: () => number,
    chaos: Chaos | null = null,
  ) {
    this.#calls = faults.map(() => 0);
    this.#random = new SeededRandom(seed + 0x5eed);
    this.windows = new RateLimitWindows(elapsedMs);
    this.#chaos = chaos && chaos.rate > 0 ? new ChaosPlan(chaos, seed) : undefined;
  }

  /** The calls counted per fault and the position of the fault generator, to go back to with `restore`. */
  snapshot(): FaultPlanSnapshot {
    return { calls: [...this.#calls], random: this.#random.position(), windows: this.windows.snapshot(), chaos: this.#chaos?.position() };
  }

  restore(snapshot: FaultPlanSnapshot): void {
    this.#calls = [...snapshot.calls];
    this.#random.moveTo(snapshot.random);
    this.windows.restore(snapshot.windows);
    if (snapshot.chaos) this.#chaos?.moveTo(snapshot.chaos);
  }

  next(routePath: string): CallFaults {
    const chaos = this.#chaos?.next(routePath);
    if (this.faults.length === 0 && chaos === undefined) return NO_FAULTS;
    const outcome = { ...NO_FAULTS };
    if (chaos !== undefined) strike(outcome, chaos, routePath);
    this.faults.forEach((fault, index) => {
      if (fault.route !== '*' && fault.route !== routePath) return;
      const call = ++this.#calls[index]!;
      if (fault.calls && !fault.calls.includes(call)) return;
      if (fault.fraction !== undefined && this.#random.fraction() >= fault.fraction) return;
      switch (fault.effect) {
        case 'latency':
          outcome.latencyMs += fault.latencyMs + (fault.jitterMs > 0 ? this.#random.int(0, fault.jitterMs) : 0);
          break;
        case 'error':
          outcome.errorStatus ??= fault.status;
          break;
        case 'rate-limit':
          if (outcome.retryAfterS === null) {
            outcome.retryAfterS = fault.retryAfterS;
            outcome.rateLimitRoute = fault.route;
          }
          break;
        case 'drop':
          outcome.drop = true;
          break;
        case 'lose-response':
          outcome.loseResponse = true;
          break;
      }
    });
    return outcome;
  }
}

/** What a chaos effect does to a call: as the scenario fault of that effect would, with its defaults. */
function strike(outcome: CallFaults, effect: Chaos['effects'][number], routePath: string): void {
  if (effect === 'error') outcome.errorStatus = 503;
  else if (effect === 'rate-limit') Object.assign(outcome, { retryAfterS: 1, rateLimitRoute: routePath });
  else if (effect === 'drop') outcome.drop = true;
  else outcome.loseResponse = true;
}
