import type { JournalEntry } from '../../state/journal.js';
import { entryName, evidenceOf } from './evidence.js';
import { count } from '../../lib/count.js';
import { reactionsTo, retryOf, type Reaction } from './follow-up.js';
import { isCreateOrder, lostAnswer } from './journal-reading.js';
import { weigh, type ReadinessCheck } from './report.js';
import { toExercise } from './to-exercise.js';

export const retrySameKey: ReadinessCheck = {
  id: 'retry-same-key',
  title: 'A createOrder whose answer was lost is retried with the same idempotencyKey',
  hint:
    'When a createOrder gets no answer (a closed connection, a timeout) or a 5xx, send the same body again ' +
    'with the same idempotencyKey: the service answers the original order (reused: true) if it was placed, ' +
    'and places it once if not. A new key places a second order.',
  grade(entries, _settings, context) {
    const lost = entries.filter((entry) => isCreateOrder(entry) && lostAnswer(entry));
    // An order sent without a key cannot be retried safely at all: idempotency-key-sent reports it.
    const keyed = lost.filter((order) => order.orderRequest?.idempotencyKey !== undefined);
    const withoutKey = lost.length - keyed.length;
    const { followed, unclear } = reactionsTo(keyed, (order) => retryOf(entries, order));
    const unretried = keyed.length - followed.length - unclear.length;
    const newKey = followed.filter(({ answered, next }) => next.orderRequest?.idempotencyKey !== answered.orderRequest?.idempotencyKey);
    const more = newKey.length > 1 ? ` (and ${count(newKey.length - 1, 'more retry', 'more retries')} like it)` : '';
    return weigh({
      fail: newKey.length > 0 && {
        summary: `${describeViolation(newKey[0]!)}${more}.`,
        cited: newKey.map(({ answered, next }) => [evidenceOf(answered, orderNote(answered)), evidenceOf(next, orderNote(next))]),
      },
      notDetermined: unclear.length > 0 && {
        summary:
          `createOrder ${entryName(unclear[0]!)} lost its answer and no later createOrder carried its idempotencyKey; the createOrders of the same ` +
          'productId and quantity after it were sent at once with it, so whether one was its retry with another key cannot be told.',
        cited: unclear.map((entry) => [evidenceOf(entry, orderNote(entry))]),
      },
      pass:
        followed.length > 0 &&
        (followed.length === 1
          ? 'The createOrder whose answer was lost was retried with its idempotencyKey.'
          : `Each of ${followed.length} createOrders whose answer was lost was retried with its idempotencyKey.`),
      notExercised:
        unretried > 0
          ? `${count(unretried, 'createOrder')} lost ${unretried === 1 ? 'its answer and was' : 'their answers and were'} not retried: retry a createOrder that gets no answer or a 5xx, with its idempotencyKey.`
          : withoutKey > 0
            ? `${count(withoutKey, 'createOrder')} lost ${withoutKey === 1 ? 'its answer' : 'their answers'} but carried no idempotencyKey to retry with (idempotency-key-sent reports ${withoutKey === 1 ? 'it' : 'them'}).`
            : `No createOrder lost its answer: ${toExercise(
                context,
                "place an order in your tests: the drill's first createOrder is carried out and its answer lost",
                { route: 'createOrder', effect: 'lose-response' },
                'retry it when no answer comes',
              )}.`,
    });
  },
};

function orderNote(entry: JournalEntry): string {
  const key = entry.orderRequest?.idempotencyKey;
  const sent = key === undefined ? 'no idempotencyKey' : `idempotencyKey ${JSON.stringify(key)}`;
  return entry.orderId === undefined ? sent : `${sent}, order ${entry.orderId}`;
}

/** An answer lost after the order was placed reads unlike a 5xx or an early close, though a new key fails all three. */
function describeViolation({ answered: lost, next: retry }: Reaction): string {
  const sent = retry.orderRequest?.idempotencyKey === undefined ? 'no idempotencyKey' : 'another idempotencyKey';
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
