import type { VerifyEvidence } from './evidence.js';
import type { BehaviorSwitches } from './infer-behaviors.js';

/** What `esim-sandbox verify` found, as printed and as written by `--report`. */
export interface VerifyReport {
  baseUrl: string;
  /** The key with all but its last 4 characters masked. */
  apiKey: string;
  /** True unless `--orders` was given. */
  readOnly: boolean;
  /** Every answer conforms to the contract (the OpenAPI document and the spec's rules). */
  conforms: boolean;
  /**
   * 0 every answer checked conforms, 1 one breaks the contract, 2 nothing could be judged: every answer
   * rate-limited, or answers that vary between identical requests (a random mock) or a static server.
   */
  exitCode: 0 | 1 | 2;
  /** How far the answers can be trusted to settle open points; none is inferred unless it is strong. */
  evidence: VerifyEvidence;
  /** Requests sent to the service, retries after a 429 included. */
  requests: number;
  rows: ReportRow[];
  /** The scenario `behavior` that makes the sandbox do what the service does where the spec is open. */
  behavior: BehaviorSwitches;
  /** Error codes and messages of the service next to the sandbox's. */
  messages: MessageRow[];
  /** The order `--orders` placed, or why it placed none. */
  order?: { placed: string } | { skipped: string };
  notes: string[];
}

/** `not determined`: an open point the answers cannot settle (the row's note says why). */
export type RowResult = 'match' | 'differ' | 'breaks contract' | 'not checked' | 'not determined';

/** One line of the table: a check, what the service answered, what the sandbox's default answers. */
export interface ReportRow {
  /** `answer`: one request and its answer; `open point`: a behaviour the spec leaves open, inferred from answers. */
  kind: 'answer' | 'open point';
  check: string;
  real: string;
  sandbox: string;
  result: RowResult;
  /** What breaks the contract, one line a field. */
  problems?: string[];
  /** Why a row was not checked, or how the sandbox is switched to match. */
  note?: string;
}

export interface MessageRow {
  check: string;
  real?: { status: number; code: string; message: string };
  sandbox?: { status: number; code: string; message: string };
}
