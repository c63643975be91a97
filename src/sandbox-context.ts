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

/** What a sandbox keeps across its scenarios; what was chosen at run time wins over the scenario's. */
export interface SandboxKeeps {
  seed: number | undefined;
  qrImages: BoundedQrImageCache;
  wallClock: () => number;
  clockMode: ClockMode | undefined;
  hintHeader: boolean;
  /** Undefined to take the scenario's. */
  chaos: Chaos | null | undefined;
}

/** ~900 orders of 100 eSIMs (~35 KB of JSON each), 18 full getOrders pages; a million eSIMs would need ~330 MiB. */
const RENDERED_ORDER_BYTES = 32 * 1024 * 1024;

/** ~600 bytes a product, ~13,000 of them. */
const RENDERED_PRODUCT_BYTES = 8 * 1024 * 1024;

/** 8 Mi characters of pages, each also kept as its envelope's text and UTF-8 bytes (ASCII): three bytes a character. */
const KEPT_PAGE_BYTES = 3 * 8 * 1024 * 1024;

const answeredPageBytes = (page: RenderedJson<unknown>) => 3 * page.text.length;

export function clockOf(scenario: ResolvedScenario, keeps: SandboxKeeps): SandboxClock {
  return new SandboxClock({ ...scenario.clock, mode: keeps.clockMode ?? scenario.clock.mode }, keeps.wallClock);
}

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
