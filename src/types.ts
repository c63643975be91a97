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

/** What happens to a sandbox, as `subscribe` and `GET /__sandbox/events` tell it. */
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
  /** Answers a request to the imitated API, routed under `basePath` (default: the `/api/v1` in the URL) on any origin. */
  fetch(request: Request, options?: { basePath?: string }): Promise<Response>;
  /** Back to the initial state of the scenario loaded now. */
  reset(): Promise<void>;
  /** Loads another scenario from its initial state; an invalid one throws `ScenarioError` and keeps the state. */
  useScenario(scenario: ScenarioSource): Promise<void>;
  /** Credits a wallet, as a successful payment; resolves to the payment as the API renders it. */
  topup(input: TopupInput): Promise<RenderedPayment>;
  /**
   * Moves the sandbox clock forward by `ms`, whole milliseconds keeping it within 1970-01-01T00:00:00.000Z to
   * 9999-12-31T23:59:59.999Z; anything else throws a `RangeError` and leaves the clock.
   */
  advanceClock(ms: number): void;
  /** Sets the sandbox clock, forward or back, to an ISO 8601 date-time within that range; else a `RangeError`. */
  setClock(now: string): void;
  /** Sandbox-clock time, ISO 8601. */
  now(): string;
  /** How the sandbox clock moves now: `"step"` or `"wall"`. */
  readonly clockMode: ClockMode;
  /** As the `clock` option, from now on and for later scenarios; the time shown does not jump. */
  setClockMode(mode: ClockMode): void;
  /**
   * The @msw/data collections, read-only, frozen records; writes go through the API and the methods above.
   * @example sandbox.db.orders.findMany((q) => q.where({ accountId }))
   */
  readonly db: SandboxDb;
  /**
   * The requests since the last reset, switch or restore, oldest first, after `since` (a `seq`) if given; with
   * headers and bodies (the latest `journalBodies` of them) unless `bodies` is false.
   */
  journal(query?: JournalQuery): JournalEntry[];
  /** Every request and marker row kept through resets and switches, oldest first; at most `journalSize`. */
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
   * Queues a fault for the next call of a route (`{ route: 'createOrder', effect: 'error', status: 503 }`), noted as
   * a marker whose `seq` is its id, which the struck entry's `queuedFault` names. Reset, switch or restore empty
   * the queue; at most 50 wait.
   */
  queueFault(fault: QueuedFaultInput): Promise<QueuedFault>;
  /** The one-off faults not yet used, in the order they strike. */
  queuedFaults(): Promise<readonly QueuedFault[]>;
  /** Takes a queued fault back; false when none has this id. */
  cancelFault(id: number): Promise<boolean>;
  /** Calls `listener` synchronously with each event from now on, until the returned function; one that throws is removed. */
  subscribe(listener: (event: SandboxEvent) => void): () => void;
  /**
   * How the client behind the journal handled the failures it met; `key` grades one API key's requests only.
   * Requests the sandbox's own tools sent (verify, record, a replay) are counted in `leftOut`, never graded.
   */
  readiness(options?: ReadinessOptions): ReadinessReport;
  /** The scenario loaded now, resolved. */
  readonly scenario: ResolvedScenario;
  /** A JSON-ready summary of accounts, balances, products, inventory, orders and payments. */
  state(): Promise<SandboxState>;
  /**
   * The state as a scenario file: loaded with the same seed, every read answers as now. Idempotency keys are
   * left out; fault counters start afresh.
   */
  exportScenario(): Promise<ScenarioFile>;
  /** State, clock, generators, fault counters and journal; restorable any number of times. */
  snapshot(): Promise<SandboxSnapshot>;
  /** Answers next byte for byte as after the snapshot was taken; cheaper than `reset()`, nothing is drawn again. */
  restore(snapshot: SandboxSnapshot): Promise<void>;
  /** Lets go of state and journal once writes under way finish; later calls throw, a second dispose does nothing. */
  [Symbol.asyncDispose](): Promise<void>;
}
