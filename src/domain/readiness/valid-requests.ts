import { entryName, evidenceOf } from './evidence.js';
import { count } from '../../lib/count.js';
import { answerBrokeContract, setAsideNote } from './journal-reading.js';
import { weigh, type ReadinessCheck } from './report.js';

export const validRequests: ReadinessCheck = {
  id: 'valid-requests',
  title: 'Sends valid requests',
  hint:
    'Validate before sending, as the spec says: productId an id from getProducts, quantity an integer from ' +
    '1 to 2000, idempotencyKey 8 to 120 characters, limit from 1 to 200, purchaseOrderId a UUID; no other ' +
    'fields or query parameters. Each message names the field and the rule.',
  grade(entries) {
    const setAside = entries.filter(answerBrokeContract);
    const graded = setAside.length === 0 ? entries : entries.filter((entry) => !answerBrokeContract(entry));
    const aside = setAsideNote(setAside);
    const refused = graded.filter((entry) => entry.status === 400 && entry.errorCode === 'VALIDATION_ERROR');
    const byMessage = new Map<string, (typeof refused)[number]>();
    for (const entry of refused) if (!byMessage.has(entry.errorMessage ?? '')) byMessage.set(entry.errorMessage ?? '', entry);
    const first = refused[0];
    return weigh({
      fail: first !== undefined && {
        summary:
          `${count(refused.length, 'request')} refused with 400 VALIDATION_ERROR, ${count(byMessage.size, 'distinct message')}; ` +
          `first ${entryName(first)}: ${first.errorMessage ?? '(no message)'}.${aside}`,
        cited: [...byMessage.values()].map((entry) => [evidenceOf(entry)]),
      },
      notDetermined: setAside.length > 0 && graded.length === 0 && { summary: `Every answer broke the contract: none says whether a request was valid.${aside}`, cited: [] },
      pass: graded.length > 0 && `None of ${count(graded.length, 'request')} was refused with 400 VALIDATION_ERROR.${aside}`,
      notExercised: 'No request reached the API: run your tests against the sandbox.',
    });
  },
};
