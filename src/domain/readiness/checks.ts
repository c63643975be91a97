import type { ReadinessSettings } from '../../scenarios/scenario-schema.js';
import type { JournalEntry } from '../../state/journal.js';
import { backsOffOn5xx } from './backs-off-on-5xx.js';
import { honoursRetryAfter } from './honours-retry-after.js';
import { idempotencyKeySent } from './idempotency-key-sent.js';
import { noBlindRetryOn4xx } from './no-blind-retry-on-4xx.js';
import { pollsPolitely } from './polls-politely.js';
import { verdictOf, type ReadinessCheck, type ReadinessReport } from './report.js';
import { retrySameKey } from './retry-same-key.js';
import { validRequests } from './valid-requests.js';
import { DRILL_SCENARIO } from './to-exercise.js';

/** The checks of the readiness report, in the order it lists them. */
export const READINESS_CHECKS: readonly ReadinessCheck[] = [
  idempotencyKeySent,
  retrySameKey,
  honoursRetryAfter,
  backsOffOn5xx,
  noBlindRetryOn4xx,
  validRequests,
  pollsPolitely,
];

/**
 * Grades how a client handled the failures it met, from the request journal alone: the same entries give the
 * same report. `scenario` names the scenario the requests were sent to.
 */
export function gradeReadiness(
  journal: readonly JournalEntry[],
  scenario: { name: string; readiness: ReadinessSettings },
): ReadinessReport {
  const entries = [...journal].sort((a, b) => a.seq - b.seq);
  const checks = READINESS_CHECKS.map(({ id, title, hint, grade }) => {
    const { status, summary, evidence } = grade(entries, scenario.readiness, { drill: scenario.name === DRILL_SCENARIO });
    return { id, title, status, summary, evidence, hint };
  });
  return { verdict: verdictOf(checks.map((check) => check.status)), scenario: scenario.name, checks };
}
