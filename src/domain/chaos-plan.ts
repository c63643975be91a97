import type { Chaos } from '../scenarios/scenario-schema.js';
import { SeededRandom, type RandomPosition } from '../state/seeded-random.js';

export type ChaosEffect = Chaos['effects'][number];

/** Where chaos's own seed starts from the sandbox's, so the two generators do not draw the same numbers. */
const CHAOS_SEED_OFFSET = 0xc4a05;

/**
 * Seeded chaos: decides, call by call, whether a call meets a fault and which. Each call of a chosen route
 * draws once (and once more when struck), from a generator of its own, so the same requests in the same order
 * meet the same faults, and turning chaos on changes no id or eSIM the sandbox draws. `lose-response` strikes
 * only createOrder, where a retry after a committed order is what it tests.
 */
export class ChaosPlan {
  readonly #random: SeededRandom;
  readonly #routes: ReadonlySet<string> | undefined;

  constructor(
    private readonly chaos: Chaos,
    sandboxSeed: number,
  ) {
    this.#random = new SeededRandom(chaos.seed ?? sandboxSeed + CHAOS_SEED_OFFSET);
    this.#routes = chaos.routes && new Set(chaos.routes);
  }

  /** The effect that strikes this call of `callName`, if any. */
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
