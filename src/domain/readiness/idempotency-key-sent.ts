import { capEvidence, evidenceOf } from './evidence.js';
import { count } from '../../lib/count.js';
import { isCreateOrder } from './journal-reading.js';
import type { ReadinessCheck } from './report.js';

/** Every createOrder carries an idempotencyKey: without one, no retry of it is safe. */
export const idempotencyKeySent: ReadinessCheck = {
  id: 'idempotency-key-sent',
  title: 'Every createOrder carries an idempotencyKey',
  hint:
    'Give every createOrder an idempotencyKey (8 to 120 characters, e.g. a UUID made when the order is ' +
    'decided) and keep it for every retry of that order, so that a retry never charges twice.',
  grade(entries) {
    // A body that is no JSON object carries no fields at all: valid-requests reports it.
    const orders = entries.filter((entry) => isCreateOrder(entry) && entry.orderRequest !== undefined);
    if (orders.length === 0) {
      return { status: 'not-exercised', summary: 'No createOrder was sent: place an order in your tests.', evidence: [] };
    }
    const without = orders.filter((entry) => entry.orderRequest?.idempotencyKey === undefined);
    if (without.length === 0) {
      const summary = orders.length === 1 ? 'The createOrder carried an idempotencyKey.' : `All ${orders.length} createOrders carried an idempotencyKey.`;
      return { status: 'pass', summary, evidence: [] };
    }
    const first = without[0]!;
    return {
      status: 'fail',
      summary:
        `${without.length === orders.length ? 'None' : `${without.length}`} of the ${count(orders.length, 'createOrder')} carried an ` +
        `idempotencyKey (first without: #${first.seq}); when the answer to one is lost, its retry places a second order and charges again.`,
      evidence: capEvidence(without.map((entry) => [evidenceOf(entry, 'no idempotencyKey in the body')])),
    };
  },
};
