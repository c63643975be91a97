import { capEvidence, entryName, evidenceOf, type Evidence } from './evidence.js';
import { count } from '../../lib/count.js';
import { gapMs, nextMatching } from './journal-reading.js';
import type { ReadinessCheck } from './report.js';
import { toExercise } from './to-exercise.js';

/** How much sooner than Retry-After a request may arrive: timers and the network are not exact. */
export const RETRY_AFTER_TOLERANCE_MS = 50;

/** After a 429 with Retry-After: N, the next request with the same key comes N seconds later or more. */
export const honoursRetryAfter: ReadinessCheck = {
  id: 'honours-retry-after',
  title: 'Waits Retry-After seconds after a 429',
  hint:
    'On a 429 RATE_LIMITED, read the Retry-After header (seconds) and send nothing more with that key until ' +
    'it has passed; then retry the request.',
  grade(entries, _settings, context) {
    let followed = 0;
    let limited = 0;
    const violations: Evidence[][] = [];
    let firstViolation = '';
    entries.forEach((refused, index) => {
      if (refused.status !== 429 || refused.retryAfterS === undefined) return;
      limited += 1;
      const next = nextMatching(entries, index, (entry) => entry.keyId === refused.keyId);
      if (!next) return;
      followed += 1;
      const waitedMs = gapMs(refused, next);
      const askedMs = refused.retryAfterS * 1000;
      if (waitedMs >= askedMs - RETRY_AFTER_TOLERANCE_MS) return;
      firstViolation ||= `${entryName(next)} came ${waitedMs} ms after the 429 of ${entryName(refused)}, which asked for ${askedMs} ms`;
      violations.push([evidenceOf(refused), evidenceOf(next, `${waitedMs} ms after ${entryName(refused)}; Retry-After asked for ${askedMs} ms`)]);
    });
    if (violations.length > 0) {
      const more = violations.length > 1 ? ` (${violations.length} requests came too soon in all)` : '';
      return { status: 'fail', summary: `${firstViolation}${more}.`, evidence: capEvidence(violations) };
    }
    if (followed > 0) {
      const summary = followed === 1 ? 'The request after the 429 waited Retry-After.' : `The request after each of ${followed} 429s waited Retry-After.`;
      return { status: 'pass', summary, evidence: [] };
    }
    const summary =
      limited > 0
        ? `${count(limited, '429')} answered, but no request with the same key came after it: retry the request once Retry-After has passed.`
        : `No request was answered 429 RATE_LIMITED: ${toExercise(context, "call getProducts twice: the drill's second getProducts is", 'second getProducts is')}.`;
    return { status: 'not-exercised', summary, evidence: [] };
  },
};
