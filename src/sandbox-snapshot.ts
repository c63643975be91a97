import type { SandboxContext } from './domain/context.js';
import type { FaultPlanSnapshot } from './domain/fault-plan.js';
import { providersOf } from './domain/build-store.js';
import { clockOf, contextOf, type SandboxKeeps } from './sandbox-context.js';
import type { ResolvedScenario } from './scenarios/scenario-schema.js';
import { SeededRandom, type RandomPosition } from './state/seeded-random.js';
import { Store, type StoreSnapshot } from './state/store.js';

export interface SnapshotContents {
  scenario: ResolvedScenario;
  store: StoreSnapshot;
  clockOffsetMs: number;
  random: RandomPosition;
  faults: FaultPlanSnapshot;
  rateLimits: ReadonlyMap<string, readonly number[]> | undefined;
}

const contents = new WeakMap<SandboxSnapshot, SnapshotContents>();

/**
 * State, clock, generators and fault counters, not the history: a restore is a marker row in it. After a restore
 * the sandbox answers byte for byte as after the snapshot. Opaque: only a sandbox reads it.
 */
export class SandboxSnapshot {
  /** The scenario loaded when it was taken. */
  readonly scenario: string;
  /** ISO 8601. */
  readonly at: string;

  constructor(taken: SnapshotContents, now: number) {
    this.scenario = taken.scenario.name;
    this.at = new Date(now).toISOString();
    contents.set(this, taken);
    Object.freeze(this);
  }
}

export function snapshotContents(snapshot: unknown): SnapshotContents {
  const found = snapshot instanceof SandboxSnapshot ? contents.get(snapshot) : undefined;
  if (!found) throw new TypeError('restore takes a snapshot made by sandbox.snapshot() (got something else)');
  return found;
}

/** Run it between writes. */
export function takeSnapshot(ctx: SandboxContext): SandboxSnapshot {
  const taken: SnapshotContents = {
    scenario: ctx.scenario,
    store: ctx.store.snapshot(),
    clockOffsetMs: ctx.clock.offsetMs,
    random: ctx.random.position(),
    faults: ctx.faults.snapshot(),
    rateLimits: ctx.rateLimiter?.snapshot(),
  };
  return new SandboxSnapshot(taken, ctx.clock.now());
}

/** No data is drawn or priced again. */
export function restoreSnapshot(taken: SnapshotContents, keeps: SandboxKeeps): SandboxContext {
  const { scenario } = taken;
  const random = new SeededRandom(taken.random.seed);
  random.moveTo(taken.random);
  const clock = clockOf(scenario, keeps);
  clock.offsetMs = taken.clockOffsetMs;
  const context = contextOf(scenario, Store.fromSnapshot(providersOf(scenario), taken.store), clock, random, keeps);
  context.faults.restore(taken.faults);
  if (taken.rateLimits) context.rateLimiter?.restore(taken.rateLimits);
  return context;
}
