import { capEvidence, entryName, evidenceOf, type Evidence } from './evidence.js';
import { count } from '../../lib/count.js';
import type { JournalEntry } from '../../state/journal.js';
import { followUp } from './follow-up.js';
import { routeOf, waitedMs } from './journal-reading.js';
import type { ReadinessCheck } from './report.js';
import { toExercise } from './to-exercise.js';

/** How much sooner than Retry-After a request may arrive: timers and the network are not exact. */
export const RETRY_AFTER_TOLERANCE_MS = 50;

/**
 * After a 429 with Retry-After: N, the next request the 429 holds (the same key, of the same route; of any route
 * when the scenario's steady rate limit counts them together) comes N seconds or more after the 429 was sent.
 */
export const honoursRetryAfter: ReadinessCheck = {
  id: 'honours-retry-after',
  title: 'Waits Retry-After seconds after a 429',
  hint:
    'On a 429 RATE_LIMITED, read the Retry-After header (seconds) and send nothing more with that key until ' +
    'it has passed; then retry the request.',
  grade(entries, _settings, context) {
    let followed = 0;
    let limited = 0;
    const unclear: JournalEntry[] = [];
    const violations: Evidence[][] = [];
    let firstViolation = '';
    for (const refused of entries) {
      if (refused.status !== 429 || refused.retryAfterS === undefined) continue;
      limited += 1;
      const covered = (entry: JournalEntry) => entry.keyId === refused.keyId && (context.limitsEveryRoute === true || routeOf(entry) === routeOf(refused));
      const found = followUp(entries, refused, covered, { sentAtOnce: true });
      if (found.kind === 'unclear') unclear.push(refused);
      if (found.kind !== 'next') continue;
      followed += 1;
      const waited = waitedMs(refused, found.next);
      const askedMs = refused.retryAfterS * 1000;
      if (waited >= askedMs - RETRY_AFTER_TOLERANCE_MS) continue;
      const note = `${waited} ms after the 429 of ${entryName(refused)}`;
      firstViolation ||= `${entryName(found.next)} came ${note}, which asked for ${askedMs} ms`;
      violations.push([evidenceOf(refused), evidenceOf(found.next, `${note}; Retry-After asked for ${askedMs} ms`)]);
    }
    if (violations.length > 0) {
      const more = violations.length > 1 ? ` (${violations.length} requests came too soon in all)` : '';
      return { status: 'fail', summary: `${firstViolation}${more}.`, evidence: capEvidence(violations) };
    }
    if (unclear.length > 0) {
      return {
        status: 'not-determined',
        summary:
          `After the 429 of ${entryName(unclear[0]!)}, only requests sent at once with it came within Retry-After: which was sent once the 429 ` +
          'was read cannot be told; send the rest of the route after Retry-After.',
        evidence: capEvidence(unclear.map((entry) => [evidenceOf(entry)])),
      };
    }
    if (followed > 0) {
      const summary = followed === 1 ? 'The request after the 429 waited Retry-After.' : `The request after each of ${followed} 429s waited Retry-After.`;
      return { status: 'pass', summary, evidence: [] };
    }
    const summary =
      limited > 0
        ? `${count(limited, '429')} answered, but no request of the route it holds came after it with the same key: retry the request once Retry-After has passed.`
        : `No request was answered 429 RATE_LIMITED: ${toExercise(
            context,
            "call getProducts twice: the drill's second getProducts is",
            { route: 'getProducts', effect: 'rate-limit' },
            'retry it once Retry-After has passed',
          )}.`;
    return { status: 'not-exercised', summary, evidence: [] };
  },
};
