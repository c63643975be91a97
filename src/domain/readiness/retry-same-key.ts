import type { JournalEntry } from '../../state/journal.js';
import { capEvidence, entryName, evidenceOf, type Evidence } from './evidence.js';
import { count } from '../../lib/count.js';
import { isCreateOrder, lostAnswer } from './journal-reading.js';
import { retryOf } from './retry-of.js';
import type { ReadinessCheck } from './report.js';
import { toExercise } from './to-exercise.js';

/**
 * After a createOrder whose answer was lost, its retry carries the same idempotencyKey, so that the service replays
 * the order instead of placing another. The retry is the createOrder carrying that key, however late; when none
 * does, the next createOrder of the same key, productId and quantity sent once the answer was lost.
 */
export const retrySameKey: ReadinessCheck = {
  id: 'retry-same-key',
  title: 'A createOrder whose answer was lost is retried with the same idempotencyKey',
  hint:
    'When a createOrder gets no answer (a closed connection, a timeout) or a 5xx, send the same body again ' +
    'with the same idempotencyKey: the service answers the original order (reused: true) if it was placed, ' +
    'and places it once if not. A new key places a second order.',
  grade(entries, _settings, context) {
    let retried = 0;
    let unretried = 0;
    let withoutKey = 0;
    const unclear: JournalEntry[] = [];
    const violations: Evidence[][] = [];
    const summaries: string[] = [];
    for (const lost of entries) {
      if (!isCreateOrder(lost) || !lostAnswer(lost)) continue;
      // An order sent without a key cannot be retried safely at all: idempotency-key-sent reports it.
      if (lost.orderRequest?.idempotencyKey === undefined) {
        withoutKey += 1;
        continue;
      }
      const found = retryOf(entries, lost);
      if (found.kind === 'none') unretried += 1;
      if (found.kind === 'unclear') unclear.push(lost);
      if (found.kind !== 'next') continue;
      retried += 1;
      const retry = found.next;
      if (retry.orderRequest?.idempotencyKey === lost.orderRequest.idempotencyKey) continue;
      violations.push([evidenceOf(lost, orderNote(lost)), evidenceOf(retry, orderNote(retry))]);
      summaries.push(describeViolation(lost, retry));
    }
    if (violations.length > 0) {
      const more = violations.length > 1 ? ` (and ${count(violations.length - 1, 'more retry', 'more retries')} like it)` : '';
      return { status: 'fail', summary: `${summaries[0]}${more}.`, evidence: capEvidence(violations) };
    }
    if (unclear.length > 0) {
      return {
        status: 'not-determined',
        summary:
          `createOrder ${entryName(unclear[0]!)} lost its answer and no later createOrder carried its idempotencyKey; the createOrders of the same ` +
          'productId and quantity after it were sent at once with it, so whether one was its retry with another key cannot be told.',
        evidence: capEvidence(unclear.map((entry) => [evidenceOf(entry, orderNote(entry))])),
      };
    }
    if (retried > 0) {
      const summary =
        retried === 1
          ? 'The createOrder whose answer was lost was retried with its idempotencyKey.'
          : `Each of ${retried} createOrders whose answer was lost was retried with its idempotencyKey.`;
      return { status: 'pass', summary, evidence: [] };
    }
    const summary =
      unretried > 0
        ? `${count(unretried, 'createOrder')} lost ${unretried === 1 ? 'its answer and was' : 'their answers and were'} not retried: retry a createOrder that gets no answer or a 5xx, with its idempotencyKey.`
        : withoutKey > 0
          ? `${count(withoutKey, 'createOrder')} lost ${withoutKey === 1 ? 'its answer' : 'their answers'} but carried no idempotencyKey to retry with (idempotency-key-sent reports ${withoutKey === 1 ? 'it' : 'them'}).`
          : `No createOrder lost its answer: ${toExercise(
              context,
              "place an order in your tests: the drill's first createOrder is carried out and its answer lost",
              { route: 'createOrder', effect: 'lose-response' },
              'retry it when no answer comes',
            )}.`;
    return { status: 'not-exercised', summary, evidence: [] };
  },
};

function orderNote(entry: JournalEntry): string {
  const key = entry.orderRequest?.idempotencyKey;
  const sent = key === undefined ? 'no idempotencyKey' : `idempotencyKey ${JSON.stringify(key)}`;
  return entry.orderId === undefined ? sent : `${sent}, order ${entry.orderId}`;
}

/**
 * What happened, in words: an answer lost after the order was placed is not a 5xx, nor a connection closed
 * before anything was done, though a new key on the retry is a failure in all three.
 */
function describeViolation(lost: JournalEntry, retry: JournalEntry): string {
  const key = retry.orderRequest?.idempotencyKey;
  const sent = key === undefined ? 'no idempotencyKey' : 'another idempotencyKey';
  const retried = `its retry, ${entryName(retry)}, carried ${sent}`;
  if (lost.orderId !== undefined) {
    const placed = `createOrder ${entryName(lost)} placed order ${lost.orderId} but its answer was lost, and ${retried}`;
    if (retry.orderId !== undefined && retry.orderId !== lost.orderId) return `${placed}: two orders, ${lost.orderId} and ${retry.orderId}, the account charged twice`;
    return `${placed}: a retry that places an order charges the account twice`;
  }
  const what =
    lost.status >= 500
      ? `was answered ${[lost.status, lost.errorCode].filter(Boolean).join(' ')}, placing nothing in this run`
      : 'got no answer (the connection closed before anything was done), placing nothing in this run';
  return (
    `createOrder ${entryName(lost)} ${what}, and ${retried}: on the real service a ${lost.status >= 500 ? '5xx' : 'closed connection'} ` +
    'can follow a committed order, and then a new key places a second one and charges twice'
  );
}
