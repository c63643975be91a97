import type { SandboxContext } from './domain/context.js';
import { FaultPlan } from './domain/fault-plan.js';
import { RateLimiter } from './domain/rate-limit.js';
import { DerivedTextCache } from './lib/derived-text-cache.js';
import type { BoundedQrImageCache } from './lib/qr-image.js';
import { SerialQueue } from './lib/serial-queue.js';
import { RevisionMemo } from './lib/revision-memo.js';
import type { RenderedJson } from './lib/rendered-json.js';
import type { Chaos, ResolvedScenario } from './scenarios/scenario-schema.js';
import { SandboxClock, type ClockMode } from './state/clock.js';
import type { SeededRandom } from './state/seeded-random.js';
import type { Store } from './state/store.js';

/**
 * What a sandbox keeps across its scenarios: its seed (none: the scenario's), its QR image cache, its wall clock,
 * and what was chosen at run time over the scenario's (clock mode, hint header, chaos).
 */
export interface SandboxKeeps {
  seed: number | undefined;
  qrImages: BoundedQrImageCache;
  wallClock: () => number;
  /** The clock mode chosen at run time (the `clock` option, `setClockMode`), which wins over the scenario's. */
  clockMode: ClockMode | undefined;
  hintHeader: boolean;
  /** Chaos given at run time, which wins over the scenario's; undefined to take the scenario's. */
  chaos: Chaos | null | undefined;
}

/**
 * The rendered JSON of orders kept per state. 32 MiB holds ~900 orders of 100 eSIMs (~35 KB of JSON each),
 * 18 full getOrders pages of them; a state of a million eSIMs would need ~330 MiB to keep them all.
 */
const RENDERED_ORDER_BYTES = 32 * 1024 * 1024;

/** The rendered JSON of products in their price tiers kept per state: ~600 bytes each, ~13,000 of them. */
const RENDERED_PRODUCT_BYTES = 8 * 1024 * 1024;

/**
 * What getProducts' pages, and getOrders' pages, may weigh per state before each starts afresh: 8 Mi characters
 * of pages, each kept with the text of its answer's envelope and that envelope's UTF-8 bytes once answered (JSON
 * of ASCII: a byte a character each, so three bytes a character of the page).
 */
const KEPT_PAGE_BYTES = 3 * 8 * 1024 * 1024;

/** The bytes a page weighs once answered: its text, its envelope's text and the envelope's UTF-8 bytes. */
const answeredPageBytes = (page: RenderedJson<unknown>) => 3 * page.text.length;

/** The sandbox clock of a scenario, moving as chosen at run time or else as the scenario says. */
export function clockOf(scenario: ResolvedScenario, keeps: SandboxKeeps): SandboxClock {
  return new SandboxClock({ ...scenario.clock, mode: keeps.clockMode ?? scenario.clock.mode }, keeps.wallClock);
}

/** The context routes and rules answer from, for a scenario's state, clock and generators. */
export function contextOf(scenario: ResolvedScenario, store: Store, clock: SandboxClock, random: SeededRandom, keeps: SandboxKeeps): SandboxContext {
  return {
    scenario,
    behavior: scenario.behavior,
    store,
    clock,
    random,
    writes: new SerialQueue(),
    qrImages: keeps.qrImages,
    renderedOrders: new DerivedTextCache(RENDERED_ORDER_BYTES),
    renderedProducts: new DerivedTextCache(RENDERED_PRODUCT_BYTES),
    productsPages: new RevisionMemo(KEPT_PAGE_BYTES, answeredPageBytes),
    ordersPages: new RevisionMemo(KEPT_PAGE_BYTES, ({ page }) => answeredPageBytes(page)),
    renderedBalances: new Map(),
    trailingYearCounts: new Map(),
    rateLimiter: scenario.behavior.rateLimit && new RateLimiter(scenario.behavior.rateLimit, keeps.wallClock),
    faults: new FaultPlan(scenario.faults, keeps.seed ?? scenario.seed, keeps.wallClock, keeps.chaos === undefined ? scenario.chaos : keeps.chaos),
    hintHeader: keeps.hintHeader,
  };
}
