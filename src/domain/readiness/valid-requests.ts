import { capEvidence, entryName, evidenceOf } from './evidence.js';
import { count } from '../../lib/count.js';
import { answerBrokeContract, setAsideNote } from './journal-reading.js';
import type { ReadinessCheck } from './report.js';

/** No request was refused with 400 VALIDATION_ERROR: the client sends what the spec asks for. */
export const validRequests: ReadinessCheck = {
  id: 'valid-requests',
  title: 'Sends valid requests',
  hint:
    'Validate before sending, as the spec says: productId an id from getProducts, quantity an integer from ' +
    '1 to 2000, idempotencyKey 8 to 120 characters, limit from 1 to 200, purchaseOrderId a UUID; no other ' +
    'fields or query parameters. Each message names the field and the rule.',
  grade(entries) {
    if (entries.length === 0) {
      return { status: 'not-exercised', summary: 'No request reached the API: run your tests against the sandbox.', evidence: [] };
    }
    const setAside = entries.filter(answerBrokeContract);
    const graded = setAside.length === 0 ? entries : entries.filter((entry) => !answerBrokeContract(entry));
    const aside = setAsideNote(setAside);
    if (graded.length === 0) {
      return { status: 'not-determined', summary: `Every answer broke the contract: none says whether a request was valid.${aside}`, evidence: [] };
    }
    const refused = graded.filter((entry) => entry.status === 400 && entry.errorCode === 'VALIDATION_ERROR');
    if (refused.length === 0) {
      return { status: 'pass', summary: `None of ${count(graded.length, 'request')} was refused with 400 VALIDATION_ERROR.${aside}`, evidence: [] };
    }
    const byMessage = new Map<string, (typeof refused)[number]>();
    for (const entry of refused) if (!byMessage.has(entry.errorMessage ?? '')) byMessage.set(entry.errorMessage ?? '', entry);
    const first = refused[0]!;
    return {
      status: 'fail',
      summary:
        `${count(refused.length, 'request')} refused with 400 VALIDATION_ERROR, ${count(byMessage.size, 'distinct message')}; ` +
        `first ${entryName(first)}: ${first.errorMessage ?? '(no message)'}.${aside}`,
      evidence: capEvidence([...byMessage.values()].map((entry) => [evidenceOf(entry)])),
    };
  },
};
