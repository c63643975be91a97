import type { ReadinessReport } from './domain/readiness/report.js';
import type { ReadinessOptions } from './readiness-options.js';
import type { HistoryEntry, JournalEntry, JournalMarker, JournalQuery, MarkerKind, RequestAsSent } from './state/journal.js';
import type { QueuedFault, QueuedFaultInput } from './domain/queued-fault.js';
import type { ResolvedScenario, ScenarioFile, ScenarioSource } from './scenarios/scenario-schema.js';
import type { RenderedPayment } from './api/render.js';
import type { SandboxState } from './api/summarize-state.js';
import type { SandboxSnapshot } from './sandbox-snapshot.js';
import type { SandboxDb } from './state/sandbox-db.js';
import type { ClockMode } from './state/clock.js';
import type { TopupInput } from './domain/payments.js';
import type { OptionValues } from './lib/options/option-kinds.js';
import type { SANDBOX_OPTIONS } from './sandbox-options.js';

export type { ReadinessOptions, SandboxDb, ScenarioSource, TopupInput };
export type { HistoryEntry, JournalEntry, JournalMarker, JournalQuery, MarkerKind, QueuedFault, QueuedFaultInput, RequestAsSent };
export type { ReadOnlyCollection } from './state/sandbox-db.js';
export type { JournalRequest, JournalResponse } from './state/journal-exchange.js';
export type { RenderedBalance, RenderedPayment } from './api/render.js';
export type { AccountState, ProductState, SandboxState } from './api/summarize-state.js';
export type { RecordCounts } from './state/store.js';

/** The options of `createSandbox`, each defined once in `SANDBOX_OPTIONS` (src/sandbox-options.ts) with its default and range. */
export type SandboxOptions = OptionValues<typeof SANDBOX_OPTIONS>;

/**
 * What happens to a sandbox, as `subscribe` and `GET /__sandbox/events` tell it: a request answered (its journal
 * entry, with bodies), a marker row noted in the history (a reset, a switch, a restore, a fault queued), the
 * history cleared, a reset, another scenario loaded, the clock moved, a wallet topped up.
 */
export type SandboxEvent =
  | { type: 'request'; entry: JournalEntry }
  | { type: 'marker'; entry: JournalMarker }
  | { type: 'history-cleared' }
  | { type: 'reset'; scenario: string; now: string }
  | { type: 'scenario'; scenario: string; now: string }
  | { type: 'restore'; scenario: string; now: string }
  | { type: 'clock'; now: string }
  | { type: 'topup'; payment: RenderedPayment };

export interface Sandbox {
  /**
   * Answers a request to the imitated API. Routes live under `basePath` (default: the `/api/v1` found in
   * the URL), on any origin.
   */
  fetch(request: Request, options?: { basePath?: string }): Promise<Response>;
  /** Back to the initial state of the scenario loaded now. Requests made after the call see the new state. */
  reset(): Promise<void>;
  /**
   * Loads another scenario and starts from its initial state. Throws `ScenarioError` at once, keeping the
   * state, when the scenario is invalid.
   */
  useScenario(scenario: ScenarioSource): Promise<void>;
  /** Credits a wallet, as a successful payment; resolves to the payment as the API renders it. */
  topup(input: TopupInput): Promise<RenderedPayment>;
  /**
   * Moves the sandbox clock forward by `ms`, a whole number of milliseconds that keeps the clock within
   * 1970-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z; anything else throws a `RangeError` naming the range,
   * and the clock stays where it was.
   */
  advanceClock(ms: number): void;
  /**
   * Sets the sandbox clock to an ISO 8601 date-time (forward or back) from 1970-01-01T00:00:00.000Z to
   * 9999-12-31T23:59:59.999Z; anything else throws a `RangeError` naming the range, and changes nothing.
   */
  setClock(now: string): void;
  /** Sandbox-clock time, ISO 8601. */
  now(): string;
  /** How the sandbox clock moves now: `"step"` or `"wall"`. */
  readonly clockMode: ClockMode;
  /**
   * Makes the clock move by steps or with real time from now on, for this scenario and those loaded after it
   * (as the `clock` option does); the time it shows does not jump.
   */
  setClockMode(mode: ClockMode): void;
  /**
   * The state, for reading in tests: the @msw/data collections `accounts`, `apiKeys`, `products` (with the
   * inventory left), `payments`, `orders` (with their status) and `idempotencyKeys`, each with `findFirst`,
   * `findMany`, `count` and `all`; records are frozen. Writes go through the API and the methods above.
   *
   * @example sandbox.db.orders.findMany((q) => q.where({ accountId }))
   */
  readonly db: SandboxDb;
  /**
   * The requests of the current run (since the last reset, scenario switch or restore), oldest first: every entry,
   * or those after `since` (a `seq`); each with its request and response headers and bodies (the latest
   * `journalBodies` of them) unless `bodies` is false. `history()` gives every row kept, through resets and switches.
   */
  journal(query?: JournalQuery): JournalEntry[];
  /**
   * The history: every request and marker row kept (a reset, a switch, a restore, a fault queued), through resets
   * and switches, oldest first (`GET /__sandbox/requests?since=&include=bodies`). At most `journalSize` entries.
   */
  history(query?: JournalQuery): HistoryEntry[];
  /** Forgets the history, markers included; the `seq` numbers go on from where they were. */
  clearHistory(): void;
  /** The request numbered `seq` as it was sent, its key included, while the journal keeps its headers and body. */
  requestAsSent(seq: number): RequestAsSent | undefined;
  /**
   * Sends the request numbered `seq` again, as it was sent (key, headers, body), and resolves to the new entry,
   * which has `replayOf: seq`. Rejects with a `NOT_FOUND` `ApiError` when its headers and body are no longer kept.
   */
  replay(seq: number, options?: { basePath?: string }): Promise<JournalEntry>;
  /**
   * Queues a fault for the next call of a route only (`{ route: 'createOrder', effect: 'error', status: 503 }`; the path `/createOrder` is read as the name),
   * noted as a marker row whose `seq` is the fault's id; the entry of the call it strikes has `queuedFault: id`.
   * A reset, a switch or a restore empties the queue. At most 50 wait at once.
   */
  queueFault(fault: QueuedFaultInput): Promise<QueuedFault>;
  /** The one-off faults not yet used, in the order they strike. */
  queuedFaults(): Promise<readonly QueuedFault[]>;
  /** Takes a queued fault back; false when none has this id. */
  cancelFault(id: number): Promise<boolean>;
  /**
   * Calls `listener` with each event of this sandbox from now on, synchronously as it happens; the function
   * returned stops it. A listener that throws is removed.
   */
  subscribe(listener: (event: SandboxEvent) => void): () => void;
  /**
   * How the client behind the journal handled the failures it met: idempotency keys, retries, Retry-After,
   * back-off, refusals, valid requests, polling (`GET /__sandbox/readiness`). The same journal gives the same report.
   * `key`: the requests sent with that API key only (one client of several). Requests the sandbox's own tools
   * sent (verify, record, a replay) are never graded; the report counts them (`leftOut`).
   */
  readiness(options?: ReadinessOptions): ReadinessReport;
  /** The scenario loaded now, resolved. */
  readonly scenario: ResolvedScenario;
  /** A JSON-ready summary of accounts, balances, products, inventory, orders and payments. */
  state(): Promise<SandboxState>;
  /**
   * The state as a scenario file (valid against scenario.schema.json): loaded with the same seed, every read
   * of the API answers as this sandbox answers now. Idempotency keys are left out; fault counters start afresh.
   */
  exportScenario(): Promise<ScenarioFile>;
  /**
   * The sandbox as it is now: state, clock, generators, fault counters and journal. Take it once, restore it
   * as often as wanted.
   */
  snapshot(): Promise<SandboxSnapshot>;
  /**
   * Back to a snapshot: what the sandbox answers next is byte for byte what it answered after the snapshot
   * was taken, scenario included. Cheaper than `reset()`: nothing is drawn or priced again.
   */
  restore(snapshot: SandboxSnapshot): Promise<void>;
  /**
   * Lets go of the state and the journal once the writes under way are done (`await using sandbox = …` calls
   * it at the end of the block). Calling the sandbox afterwards throws; disposing it again does nothing.
   */
  [Symbol.asyncDispose](): Promise<void>;
}
