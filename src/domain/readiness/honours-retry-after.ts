import { entryName, evidenceOf } from './evidence.js';
import { count } from '../../lib/count.js';
import type { JournalEntry } from '../../state/journal.js';
import { followUp, reactionsTo, type Reaction } from './follow-up.js';
import { routeOf } from './journal-reading.js';
import { weigh, type ReadinessCheck } from './report.js';
import { toExercise } from './to-exercise.js';

/** How much sooner than Retry-After a request may arrive: timers and the network are not exact. */
const RETRY_AFTER_TOLERANCE_MS = 50;

export const honoursRetryAfter: ReadinessCheck = {
  id: 'honours-retry-after',
  title: 'Waits Retry-After seconds after a 429',
  hint:
    'On a 429 RATE_LIMITED, read the Retry-After header (seconds) and send nothing more with that key until ' +
    'it has passed; then retry the request.',
  grade(entries, _settings, context) {
    const limited = entries.filter((entry) => entry.status === 429 && entry.retryAfterS !== undefined);
    const covered = (refused: JournalEntry) => (entry: JournalEntry) =>
      entry.keyId === refused.keyId && (context.limitsEveryRoute === true || routeOf(entry) === routeOf(refused));
    const { followed, unclear } = reactionsTo(limited, (refused) => followUp(entries, refused, covered(refused), { sentAtOnce: true }));
    const askedMs = ({ answered }: Reaction) => answered.retryAfterS! * 1000;
    const soon = followed.filter((reaction) => reaction.waited < askedMs(reaction) - RETRY_AFTER_TOLERANCE_MS);
    const after = ({ answered, waited }: Reaction) => `${waited} ms after the 429 of ${entryName(answered)}`;
    const first = soon[0];
    return weigh({
      fail: first !== undefined && {
        summary: `${entryName(first.next)} came ${after(first)}, which asked for ${askedMs(first)} ms${soon.length > 1 ? ` (${soon.length} requests came too soon in all)` : ''}.`,
        cited: soon.map((retry) => [evidenceOf(retry.answered), evidenceOf(retry.next, `${after(retry)}; Retry-After asked for ${askedMs(retry)} ms`)]),
      },
      notDetermined: unclear.length > 0 && {
        summary:
          `After the 429 of ${entryName(unclear[0]!)}, only requests sent at once with it came within Retry-After: which was sent once the 429 ` +
          'was read cannot be told; send the rest of the route after Retry-After.',
        cited: unclear.map((entry) => [evidenceOf(entry)]),
      },
      pass: followed.length > 0 && (followed.length === 1 ? 'The request after the 429 waited Retry-After.' : `The request after each of ${followed.length} 429s waited Retry-After.`),
      notExercised:
        limited.length > 0
          ? `${count(limited.length, '429')} answered, but no request of the route it holds came after it with the same key: retry the request once Retry-After has passed.`
          : `No request was answered 429 RATE_LIMITED: ${toExercise(
              context,
              "call getProducts twice: the drill's second getProducts is",
              { route: 'getProducts', effect: 'rate-limit' },
              'retry it once Retry-After has passed',
            )}.`,
    });
  },
};
