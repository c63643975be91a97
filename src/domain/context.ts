import type { Behavior, ResolvedScenario } from '../scenarios/scenario-schema.js';
import type { SandboxClock } from '../state/clock.js';
import type { SeededRandom } from '../state/seeded-random.js';
import type { Store } from '../state/store.js';
import type { QrImageCache } from '../lib/qr-image-cache.js';
import type { DerivedTextCache } from '../lib/derived-text-cache.js';
import type { TextMemo } from '../lib/text-memo.js';
import type { SerialQueue } from '../lib/serial-queue.js';
import type { RateLimiter } from './rate-limit.js';
import type { FaultPlan } from './fault-plan.js';

/** Everything a route or rule may use: the state, and the sandbox's own clock and random source. */
export interface SandboxContext {
  scenario: ResolvedScenario;
  behavior: Behavior;
  store: Store;
  clock: SandboxClock;
  random: SeededRandom;
  /** State changes run here one at a time. */
  writes: SerialQueue;
  qrImages: QrImageCache;
  /** The JSON of orders and their eSIMs as last rendered, kept while their records stay the same (bounded in bytes). */
  renderedOrders: DerivedTextCache;
  /** The JSON of products in each price tier, kept while their records stay the same. */
  renderedProducts: TextMemo;
  /** Present when the scenario limits the request rate. */
  rateLimiter: RateLimiter | null;
  faults: FaultPlan;
  /** Whether answers carry the sandbox-only header `x-sandbox-hint` (the journal notes hints either way). */
  hintHeader: boolean;
}
