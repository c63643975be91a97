import type { JournalEntry } from '../../state/journal.js';
import { entryName, evidenceOf } from './evidence.js';
import { count } from '../../lib/count.js';
import { isCreateOrder } from './journal-reading.js';
import { weigh, type ReadinessCheck } from './report.js';

export const idempotencyKeySent: ReadinessCheck = {
  id: 'idempotency-key-sent',
  title: 'Every createOrder carries an idempotencyKey',
  hint:
    'Give every createOrder an idempotencyKey (8 to 120 characters, e.g. a UUID made when the order is ' +
    'decided) and keep it for every retry of that order, so that a retry never charges twice.',
  grade(entries) {
    // A body that is no JSON object carries no fields at all: valid-requests reports it.
    const orders = entries.filter((entry) => isCreateOrder(entry) && entry.orderRequest !== undefined);
    const without = orders.filter((entry) => entry.orderRequest?.idempotencyKey === undefined);
    const inHeader = without.filter(sentKeyInHeader).length;
    const header =
      inHeader === 0
        ? ''
        : ` ${inHeader === without.length ? 'Each' : `${inHeader} of them`} sent an Idempotency-Key header instead, which the service does not read: the key goes in the body field idempotencyKey.`;
    return weigh({
      fail: without.length > 0 && {
        summary:
          `${without.length === orders.length ? 'None' : `${without.length}`} of the ${count(orders.length, 'createOrder')} carried an ` +
          `idempotencyKey (first without: ${entryName(without[0]!)}); when the answer to one is lost, its retry places a second order and charges again.${header}`,
        cited: without.map((entry) => [evidenceOf(entry, noteOf(entry))]),
      },
      pass: orders.length > 0 && (orders.length === 1 ? 'The createOrder carried an idempotencyKey.' : `All ${orders.length} createOrders carried an idempotencyKey.`),
      notExercised: 'No createOrder was sent: place an order in your tests.',
    });
  },
};

function sentKeyInHeader(entry: JournalEntry): boolean {
  return entry.hints?.some((hint) => hint.code === 'idempotency-key-header') ?? false;
}

function noteOf(entry: JournalEntry): string {
  return `no idempotencyKey in the body${sentKeyInHeader(entry) ? '; an Idempotency-Key header was sent, which the service does not read' : ''}`;
}
