import type { Chaos, Fault } from '../scenarios/scenario-schema.js';
import { SeededRandom, type RandomPosition } from '../state/seeded-random.js';
import { ApiError } from './api-error.js';
import type { QueuedFault } from './queued-fault.js';
import { RateLimitWindows, type HeldWindows } from './rate-limit-window.js';

/** One-off faults waiting for their call: a bound on what a client of the admin API can make the sandbox hold. */
const MAX_QUEUED_FAULTS = 50;

export interface CallFaults {
  latencyMs: number;
  /** Answer this status instead of handling the request. */
  errorStatus: number | null;
  /** Answer 429 (an error status wins) and hold the caller's calls of `rateLimitRoute` (a call name, or `*`) this long. */
  retryAfterS: number | null;
  rateLimitRoute: string | null;
  /** Close the connection before handling the request. */
  drop: boolean;
  /** Handle the request, then close the connection instead of answering. */
  loseResponse: boolean;
  /** The id of the one-off fault this call used up. */
  queuedFault?: number;
}

export interface FaultPlanSnapshot {
  readonly calls: readonly number[];
  readonly random: RandomPosition;
  readonly queued: readonly QueuedFault[];
  readonly windows: HeldWindows;
  readonly chaos: RandomPosition | undefined;
}

const NO_FAULTS: CallFaults = { latencyMs: 0, errorStatus: null, retryAfterS: null, rateLimitRoute: null, drop: false, loseResponse: false };

/**
 * Each fault counts the calls of its route since the sandbox's start or reset, so `calls: [3]` on `createOrder` is
 * the third createOrder whatever came between. Draws come from a generator of their own, so turning faults on
 * changes no id or eSIM data the sandbox draws.
 */
export class FaultPlan {
  #calls: number[];
  #queued: QueuedFault[] = [];
  readonly #random: SeededRandom;
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

  snapshot(): FaultPlanSnapshot {
    return {
      calls: [...this.#calls],
      random: this.#random.position(),
      queued: [...this.#queued],
      windows: this.windows.snapshot(),
      chaos: this.#chaos?.position(),
    };
  }

  restore(snapshot: FaultPlanSnapshot): void {
    this.#calls = [...snapshot.calls];
    this.#random.moveTo(snapshot.random);
    this.#queued = [...snapshot.queued];
    this.windows.restore(snapshot.windows);
    if (snapshot.chaos) this.#chaos?.moveTo(snapshot.chaos);
  }

  /** Refused past `MAX_QUEUED_FAULTS`. */
  queue(fault: QueuedFault): void {
    this.checkRoom();
    this.#queued.push(fault);
  }

  checkRoom(): void {
    if (this.#queued.length >= MAX_QUEUED_FAULTS) {
      throw new ApiError(
        'VALIDATION_ERROR',
        `${this.#queued.length} one-off faults are waiting, the most a sandbox queues (${MAX_QUEUED_FAULTS}): ` +
          'send the calls they wait for, or DELETE /__sandbox/faults/<id> the ones you no longer want.',
      );
    }
  }

  /** In the order they strike. */
  queued(): readonly QueuedFault[] {
    return this.#queued;
  }

  /** Takes a queued fault back; false when none has this id (used, or never queued). */
  cancel(id: number): boolean {
    const before = this.#queued.length;
    this.#queued = this.#queued.filter((fault) => fault.id !== id);
    return this.#queued.length < before;
  }

  next(callName: string): CallFaults {
    // Chaos draws for every call, struck or not, so the same requests meet the same chaos whatever else is queued.
    const chaos = this.#chaos?.next(callName);
    if (this.faults.length === 0 && this.#queued.length === 0 && chaos === undefined) return NO_FAULTS;
    const outcome: CallFaults = { ...NO_FAULTS };
    // A one-off fault is what its caller asked for: it takes the place of what chaos drew for the call.
    if (!this.#takeQueued(callName, outcome) && chaos !== undefined) strike(outcome, chaos, callName);
    this.faults.forEach((fault, index) => {
      if (fault.route !== '*' && fault.route !== callName) return;
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

  /** Uses up the first one-off fault queued for this route; false when none is. */
  #takeQueued(callName: string, outcome: CallFaults): boolean {
    const index = this.#queued.findIndex((fault) => fault.route === '*' || fault.route === callName);
    if (index < 0) return false;
    const fault = this.#queued.splice(index, 1)[0]!;
    outcome.queuedFault = fault.id;
    if (fault.effect === 'latency') outcome.latencyMs += fault.latencyMs;
    else if (fault.effect === 'error') outcome.errorStatus = fault.status;
    else if (fault.effect === 'rate-limit') Object.assign(outcome, { retryAfterS: fault.retryAfterS, rateLimitRoute: fault.route });
    else if (fault.effect === 'drop') outcome.drop = true;
    else outcome.loseResponse = true;
    return true;
  }
}

/** What a chaos effect does to a call: as the scenario fault of that effect would, with its defaults. */
function strike(outcome: CallFaults, effect: ChaosEffect, callName: string): void {
  if (effect === 'error') outcome.errorStatus = 503;
  else if (effect === 'rate-limit') Object.assign(outcome, { retryAfterS: 1, rateLimitRoute: callName });
  else if (effect === 'drop') outcome.drop = true;
  else outcome.loseResponse = true;
}

type ChaosEffect = Chaos['effects'][number];

/** Where chaos's own seed starts from the sandbox's, so the two generators do not draw the same numbers. */
const CHAOS_SEED_OFFSET = 0xc4a05;

/**
 * Each call of a chosen route draws once (and once more when struck), from a generator of its own, so the same
 * requests meet the same faults. `lose-response` strikes only createOrder, where a retry after a committed order is
 * what it tests.
 */
class ChaosPlan {
  readonly #random: SeededRandom;
  readonly #routes: ReadonlySet<string> | undefined;

  constructor(
    private readonly chaos: Chaos,
    sandboxSeed: number,
  ) {
    this.#random = new SeededRandom(chaos.seed ?? sandboxSeed + CHAOS_SEED_OFFSET);
    this.#routes = chaos.routes && new Set(chaos.routes);
  }

  next(callName: string): ChaosEffect | undefined {
    if (this.#routes && !this.#routes.has(callName)) return undefined;
    if (this.#random.fraction() >= this.chaos.rate) return undefined;
    const effects = this.chaos.effects.filter((effect) => effect !== 'lose-response' || callName === 'createOrder');
    if (effects.length === 0) return undefined;
    return effects[effects.length === 1 ? 0 : this.#random.int(0, effects.length - 1)];
  }

  position(): RandomPosition {
    return this.#random.position();
  }

  moveTo(position: RandomPosition): void {
    this.#random.moveTo(position);
  }
}
