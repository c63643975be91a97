import type { Behavior, ResolvedScenario } from '../scenarios/scenario-schema.js';
import type { SandboxClock } from '../state/clock.js';
import type { SeededRandom } from '../state/seeded-random.js';
import type { Store } from '../state/store.js';
import type { QrImageCache } from '../lib/qr-image.js';
import type { DerivedTextCache } from '../lib/derived-text-cache.js';
import type { RevisionMemo } from '../lib/revision-memo.js';
import type { RenderedJson } from '../lib/rendered-json.js';
import type { TrailingYearCounts } from './tier-pricing.js';
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
  /** The JSON of products in each price tier, kept while their records stay the same (bounded in bytes). */
  renderedProducts: DerivedTextCache;
  /** getProducts' pages by account, then trailing-year figure and limit, kept while the store's revision holds. */
  productsPages: RevisionMemo<string, number, RenderedJson<unknown>>;
  /** getOrders' pages without QR images by account, then limit, each holding from `from` until `until` on the clock. */
  ordersPages: RevisionMemo<string, number, { from: number; until: number; page: RenderedJson<unknown> }>;
  /** The balance last rendered of each account, with the ledger's sums it was rendered from. */
  renderedBalances: Map<string, { topups: number; purchases: number; rendered: RenderedJson<unknown> }>;
  trailingYearCounts: TrailingYearCounts;
  rateLimiter: RateLimiter | null;
  faults: FaultPlan;
  /** Whether answers carry the sandbox-only header `x-sandbox-hint` (the journal notes hints either way). */
  hintHeader: boolean;
}
