import type { ReadinessSettings } from '../../scenarios/scenario-schema.js';
import type { JournalEntry, RequestTool } from '../../state/journal.js';
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
const READINESS_CHECKS: readonly ReadinessCheck[] = [
  idempotencyKeySent,
  retrySameKey,
  honoursRetryAfter,
  backsOffOn5xx,
  noBlindRetryOn4xx,
  validRequests,
  pollsPolitely,
];

export interface GradedRun {
  name: string;
  readiness: ReadinessSettings;
  behavior?: { rateLimit?: unknown };
}

/** Narrows a report to the requests of one key. */
export interface ReadinessNarrowing {
  keyId: string;
  maskedKey: string;
}

const LEFT_OUT_WHY: Record<RequestTool, string> = {
  verify: 'sent by esim-sandbox verify (user-agent "esim-sandbox/<version> (verify)"): its probes are no client of yours',
  record: 'sent by esim-sandbox record (user-agent "esim-sandbox/<version> (record)"): its probes are no client of yours',
  replay: 'sent again by the sandbox (a replay from the inspector or POST /__sandbox/requests/<seq>/replay), not by your client',
};

/** From the journal alone: the same entries give the same report. Requests the sandbox's own tools sent are counted, never graded. */
export function gradeReadiness(journal: readonly JournalEntry[], scenario: GradedRun, narrowed?: ReadinessNarrowing): ReadinessReport {
  const sorted = [...journal].sort((a, b) => a.seq - b.seq).filter((entry) => narrowed === undefined || entry.keyId === narrowed.keyId);
  const entries = sorted.filter((entry) => entry.tool === undefined);
  const context = { drill: scenario.name === DRILL_SCENARIO, limitsEveryRoute: scenario.behavior?.rateLimit != null };
  const checks = READINESS_CHECKS.map(({ id, title, hint, grade }) => {
    const { status, summary, evidence } = grade(entries, scenario.readiness, context);
    return { id, title, status, summary, evidence, hint };
  });
  const leftOut = (Object.keys(LEFT_OUT_WHY) as RequestTool[]).flatMap((tool) => {
    const requests = sorted.filter((entry) => entry.tool === tool).length;
    return requests === 0 ? [] : [{ tool, requests, why: LEFT_OUT_WHY[tool] }];
  });
  return {
    verdict: verdictOf(checks.map((check) => check.status)),
    scenario: scenario.name,
    ...(narrowed && { key: narrowed.maskedKey }),
    checks,
    ...(leftOut.length > 0 && { leftOut }),
  };
}
