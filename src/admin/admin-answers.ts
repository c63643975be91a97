import type { HistoryEntry, JournalEntry } from '../state/journal.js';
import type { QueuedFault } from '../domain/queued-fault.js';
import type { ScenarioFile } from '../scenarios/scenario-schema.js';
import type { Sandbox } from '../types.js';

/** The `data` of each answer of the admin API. */

export interface HealthAnswer {
  status: 'ok';
  scenario: string;
  /** Sandbox-clock time, ISO 8601. */
  now: string;
}

/** `POST /reset` and `POST /scenario`: the scenario loaded now, from its initial state. */
export interface LoadedScenarioAnswer {
  scenario: string;
  description: string;
  now: string;
}

/** `GET /scenarios`: the built-in scenarios, sorted by name. */
export type ScenarioListAnswer = Array<{ name: string; description: string }>;

export interface ClockAnswer {
  now: string;
  mode: 'step' | 'wall';
}

/** `POST /sessions`, `GET /sessions` (a list of them), `GET /sessions/:sessionId`. */
export interface SessionAnswer {
  id: string;
  scenario: string;
  /** Scenario key → session key. */
  apiKeys: Record<string, string>;
  /** The API of this server, on its own origin: where the session keys go. */
  baseUrl: string;
}

/** `DELETE /sessions/:sessionId`, `/snapshots/:snapshotId` and `/faults/:id` (a number). */
export interface DeletedAnswer {
  id: string | number;
  deleted: true;
}

/** `GET /requests`: the history, requests and marker rows. */
export type JournalAnswer = readonly HistoryEntry[];
/** `POST /requests/:seq/replay`: the new entry. */
export type ReplayAnswer = JournalEntry;
/** `DELETE /requests`. */
export interface ClearedHistoryAnswer {
  cleared: true;
}
/** `GET /requests/:seq/curl`: the command, and the variables it reads the secrets from (none with `?key=include`). */
export interface CurlAnswer {
  seq: number;
  command: string;
  variables: string[];
}
/** `POST /faults`, `GET /faults` (a list of them). */
export type QueuedFaultAnswer = QueuedFault & { description: string };
export type StateAnswer = Awaited<ReturnType<Sandbox['state']>>;
/** `GET /readiness`: how the client behind the journal handled the failures it met. */
export type ReadinessAnswer = ReturnType<Sandbox['readiness']>;
/** `POST /topups`: the payment as the API renders it. */
export type TopupAnswer = Awaited<ReturnType<Sandbox['topup']>>;

/** `POST /snapshots`, `GET /snapshots` (a list of them). */
export interface SnapshotAnswer {
  id: string;
  /** The scenario loaded when it was taken. */
  scenario: string;
  /** The sandbox clock when it was taken, ISO 8601. */
  at: string;
}

export interface RestoredSnapshotAnswer {
  id: string;
  scenario: string;
  now: string;
}

export type AdminAnswer =
  | HealthAnswer
  | LoadedScenarioAnswer
  | ScenarioListAnswer
  | ClockAnswer
  | SessionAnswer
  | SessionAnswer[]
  | DeletedAnswer
  | JournalAnswer
  | ReplayAnswer
  | ClearedHistoryAnswer
  | CurlAnswer
  | QueuedFaultAnswer
  | QueuedFaultAnswer[]
  | StateAnswer
  | ReadinessAnswer
  | TopupAnswer
  | ScenarioFile
  | SnapshotAnswer
  | SnapshotAnswer[]
  | RestoredSnapshotAnswer;
