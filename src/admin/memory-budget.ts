import { ApiError } from '../domain/api-error.js';

/**
 * The memory a server's sessions and snapshots may take it to, in MiB, unless told otherwise: a tenth of a
 * 24 GiB CI machine, the rest left to the test runner and the application beside it.
 */
export const DEFAULT_MEMORY_BUDGET_MIB = 2048;
export const MEMORY_BUDGET_MIB_RANGE = { min: 64, max: 1024 * 1024 } as const;

/** What a session costs for each byte of its inline scenario's JSON, measured on a 7.6 MB one: records, indexes and the scenario kept. */
const SESSION_BYTES_PER_SCENARIO_BYTE = 16;

/** A session or snapshot is made only while the heap in use and the buffers outside it, with what it is expected to take, stay within the budget. */
export class MemoryBudget {
  readonly #limitBytes: number;

  constructor(
    readonly mib: number = DEFAULT_MEMORY_BUDGET_MIB,
    private readonly inUse: () => number = memoryInUse,
  ) {
    const { min, max } = MEMORY_BUDGET_MIB_RANGE;
    if (!Number.isInteger(mib) || mib < min || mib > max) throw new RangeError(`memoryBudgetMiB must be a whole number of MiB from ${min} to ${max} (got ${mib})`);
    this.#limitBytes = mib * 1024 * 1024;
  }

  /** Before building a session from a scenario of `scenarioBytes` of JSON (0 for a built-in one). */
  checkSession(scenarioBytes: number): void {
    this.#check('a session', scenarioBytes * SESSION_BYTES_PER_SCENARIO_BYTE);
  }

  checkSnapshot(): void {
    this.#check('a snapshot', 0);
  }

  #check(what: string, expectedBytes: number): void {
    const inUse = this.inUse();
    if (inUse + expectedBytes <= this.#limitBytes) return;
    const expected = expectedBytes > 0 ? `, and ${what} of this size would take about ${toMiB(expectedBytes)} MiB more` : '';
    throw new ApiError(
      'INSUFFICIENT_STORAGE',
      `The server holds ${toMiB(inUse)} MiB${expected}: its memory budget for sessions and snapshots is ${this.mib} MiB ` +
        `(--memory-budget ${this.mib}, memoryBudgetMiB in startServer), so ${what} is not made. Delete the sessions and ` +
        'snapshots you are done with (DELETE /__sandbox/sessions/<id>, /__sandbox/snapshots/<id>), or start the server with a larger --memory-budget.',
    );
  }
}

function memoryInUse(): number {
  const { heapUsed, external } = process.memoryUsage();
  return heapUsed + external;
}

const toMiB = (bytes: number) => Math.round(bytes / (1024 * 1024));
