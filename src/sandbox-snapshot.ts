import type { FaultPlanSnapshot } from './domain/fault-plan.js';
import type { ResolvedScenario } from './scenarios/scenario-schema.js';
import type { RandomPosition } from './state/seeded-random.js';
import type { StoreSnapshot } from './state/store.js';

/** Everything a sandbox answers from, at one moment. */
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
 * A sandbox as it was when `sandbox.snapshot()` was called: its state, clock, generators and fault counters
 * (the history is not in it: a restore is a marker row in the history, which goes on). `sandbox.restore(snapshot)` goes back to it, as often as wanted; what follows is then byte for byte
 * what followed the snapshot. Opaque: only a sandbox reads it.
 */
export class SandboxSnapshot {
  /** The scenario loaded when it was taken. */
  readonly scenario: string;
  /** The sandbox clock when it was taken, ISO 8601. */
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
