import type { JournalEntry } from '../../state/journal.js';
import { entryName, evidenceOf, type Evidence } from './evidence.js';
import { count } from '../../lib/count.js';
import { answerBrokeContract, arrivedBeforeAnswer, refusedAsSent, sameRequestKey, setAsideNote } from './journal-reading.js';
import { weigh, type ReadinessCheck } from './report.js';

export const noBlindRetryOn4xx: ReadinessCheck = {
  id: 'no-blind-retry-on-4xx',
  title: 'Does not send a request refused with a 4xx a third time',
  hint:
    'A 4xx other than 429 says what to change (the message names it): fix the request, the key or the ' +
    'account, or report the error; do not send the same request again and again.',
  grade(entries) {
    let refusals = 0;
    // Per request: its sends since it was first refused with no success in between.
    const sinceRefused = new Map<string, JournalEntry[]>();
    const violations: Evidence[][] = [];
    const setAside: JournalEntry[] = [];
    for (const entry of entries) {
      if (answerBrokeContract(entry)) {
        setAside.push(entry);
        continue;
      }
      const request = sameRequestKey(entry);
      const sends = sinceRefused.get(request);
      // A copy that arrived before the last send was answered was sent beside it, not after its refusal.
      if (sends && !arrivedBeforeAnswer(entry, sends.at(-1)!)) {
        sends.push(entry);
        if (sends.length === 3) violations.push(sends.map((send, index) => evidenceOf(send, `send ${index + 1} since the first refusal`)));
      }
      if (refusedAsSent(entry)) {
        refusals += 1;
        if (!sends) sinceRefused.set(request, [entry]);
      } else if (entry.status >= 200 && entry.status < 400) {
        sinceRefused.delete(request);
      }
    }
    const [refused, , third] = violations[0] ?? [];
    const aside = setAsideNote(setAside);
    return weigh({
      fail: refused !== undefined && {
        summary:
          `${refused.method} ${refused.path} was refused with ${[refused.status, refused.errorCode].filter((part) => part !== undefined).join(' ')} ` +
          `(${entryName(refused)}) and sent unchanged a third time (${entryName(third!)})${violations.length > 1 ? ` (${count(violations.length, 'request')} in all)` : ''}.${aside}`,
        cited: violations,
      },
      pass: refusals > 0 && `${count(refusals, 'request was', 'requests were')} refused with a 4xx other than 429; none was sent a third time.${aside}`,
      notExercised:
        'No request was answered with a 4xx other than 429: test how your client handles a refusal, e.g. ' +
        `getOrderStatus of an unknown purchaseOrderId (404 ORDER_NOT_FOUND).${aside}`,
    });
  },
};
