import type { ScenarioFile } from '../scenarios/scenario-schema.js';

/** Switches of a scenario's `behavior`, as a scenario file gives them. */
export type BehaviorSwitches = NonNullable<ScenarioFile['behavior']>;

/** What a service does where the spec leaves it open, as far as its answers tell. */
export interface Inference {
  /** The open point: `limitOutOfRange`, `ordering of getOrders`. */
  name: string;
  /** What it does: `clamp`, `newest first`; undefined when it is not determined. */
  value?: string;
  /** Why it is not determined (`not determined: …`). */
  unknown?: string;
  /** What the answers seemed to say, when the evidence was too weak to infer it. */
  seems?: string;
  /** The scenario `behavior` that makes the sandbox do the same, when there is one. */
  behavior?: BehaviorSwitches;
  /** The switch that reproduces it when its value cannot be read from the answers. */
  switchNote?: string;
  /** How far the answers can be trusted for it. */
  evidence?: string;
}
