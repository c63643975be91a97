import { performance } from 'node:perf_hooks';
import { codeOption, integerOption, switchOption, textOption } from './lib/options/option-kinds.js';
import type { ChaosInput } from './scenarios/scenario-schema.js';
import { CLOCK_MODES, type ClockMode } from './state/clock.js';
import { DEFAULT_MAX_SCENARIO_BYTES, MAX_SCENARIO_BYTES_LIMIT } from './scenarios/scenario-file-access.js';
import type { ScenarioSource } from './scenarios/scenario-schema.js';

/** The options of a sandbox (`createSandbox`, and `esim-sandbox serve` for its main sandbox and sessions). */
export const SANDBOX_OPTIONS = {
  scenario: textOption<ScenarioSource>({
    flag: 'scenario',
    doc: 'Built-in scenario name, path of a scenario JSON file, or (in code) an inline scenario.',
    expected: 'a built-in scenario name, the path of a scenario JSON file, or an inline scenario',
    default: 'default',
    example: 'default',
    passOthers: true,
  }),
  seed: integerOption({
    flag: 'seed',
    doc: "Seed of the id and data generators; overrides the scenario's own `seed` (else 1).",
    min: 0,
    max: Number.MAX_SAFE_INTEGER,
    example: 7,
  }),
  journalSize: integerOption({
    flag: 'journal-size',
    doc: 'How many requests the journal (`GET /__sandbox/requests`) keeps, oldest dropped first.',
    min: 0,
    max: 1_000_000,
    default: 1000,
    hint: 'or 0 to keep no journal',
  }),
  journalBodies: integerOption({
    flag: 'journal-bodies',
    doc:
      'How many of the latest journal entries keep their request and response headers and bodies (each body at ' +
      'most 64 KiB, QR images shortened; `?include=bodies`, the inspector); older entries keep the rest.',
    min: 0,
    max: 1_000_000,
    default: 100,
    hint: 'or 0 to keep no bodies',
  }),
  maxScenarioBytes: integerOption({
    flag: 'max-scenario-bytes',
    doc:
      'The largest scenario file read, in bytes (`scenario`, `useScenario`, the admin API, and their `extends`); ' +
      'a larger one is refused unread. Built-in scenarios and seeds are not limited.',
    min: 1,
    max: MAX_SCENARIO_BYTES_LIMIT,
    default: DEFAULT_MAX_SCENARIO_BYTES,
    defaultText: `${DEFAULT_MAX_SCENARIO_BYTES} (16 MiB)`,
    example: 1_048_576,
    unit: 'bytes',
  }),
  wallClock: codeOption<() => number>({
    doc:
      'The wall clock the journal times requests by (`wallAt`), in epoch ms: the readiness report reads from it how ' +
      "long a client waited before a retry or a poll. The sandbox's own clock is another; a test gives a clock of its own.",
    // The steady clock, with sub-millisecond steps, that the system clock's jumps do not move.
    default: steadyWallClock,
    defaultText: 'the steady clock of `performance`',
    expected: 'a function returning epoch milliseconds',
    accepts: (value) => typeof value === 'function',
  }),
  clock: textOption<ClockMode>({
    flag: 'clock',
    doc:
      'How the sandbox clock moves, whatever the scenario says: `step` (a fixed step per answered request: the same ' +
      'requests see the same times) or `wall` (real elapsed time, read from `wallClock`: provisioning delays, ' +
      'idempotency windows and polling intervals take as long as on the real service).',
    expected: '"step" (a fixed step per answered request) or "wall" (real elapsed time)',
    normalize: (mode) => (CLOCK_MODES.includes(mode as ClockMode) ? mode : undefined),
    defaultText: "the scenario's clock.mode (step unless it says wall)",
    example: 'wall',
  }),
  hintHeader: switchOption({
    flag: 'hints',
    doc:
      'Answer the sandbox-only header `x-sandbox-hint` when a request makes a mistake the real service lets pass (an ' +
      '`Idempotency-Key` header, `Authorization: Bearer` instead of `x-api-key`, and others listed in docs/api.md); ' +
      '`--no-hints` leaves it out. The journal and the inspector note hints either way.',
    default: true,
  }),
  chaos: codeOption<ChaosInput | null>({
    doc:
      'Seeded chaos on every API call, whatever the scenario says (null: none, also where the scenario has some): ' +
      '`{ rate: 0.05 }` strikes about 5 % of calls with a 503, a 429 that holds 1 s, a dropped connection, or (on ' +
      'createOrder) an answer lost after the order is placed. `seed` (default: the sandbox\'s), `effects` (default: ' +
      'all four: `error`, `rate-limit`, `drop`, `lose-response`) and `routes` (default: every call, e.g. ' +
      '`["createOrder"]`, a call by its name or its path) narrow it. The same seed and requests meet the same faults. `serve` takes it as `--chaos` ' +
      'and the flags beside it.',
    defaultText: "the scenario's `chaos`",
    expected: 'an object { rate, seed?, effects?, routes? } or null',
    accepts: (value) => value === null || (typeof value === 'object' && !Array.isArray(value)),
  }),
};

let timeOrigin: number | undefined;

/**
 * The steady clock in epoch ms. `performance.timeOrigin` never changes, and reading it checks its receiver each time:
 * read once. `performance` is imported: the global one is a getter, called at every read.
 */
function steadyWallClock(): number {
  return (timeOrigin ??= performance.timeOrigin) + performance.now();
}
