import type { JournalEntry } from '../../state/journal.js';
import { capEvidence, entryName, evidenceOf, type Evidence } from './evidence.js';
import { count } from '../../lib/count.js';
import { gapMs } from './journal-reading.js';
import type { ReadinessCheck } from './report.js';
import { toExercise } from './to-exercise.js';

/** How much sooner than the poll interval a poll may arrive: timers and the network are not exact. */
export const POLL_TOLERANCE_MS = 50;

/**
 * Polls of getOrderStatus for an order that was `processing` at the previous poll come at least
 * `minPollIntervalMs` (the scenario's `readiness` setting) after it, by the wall clock.
 */
export const pollsPolitely: ReadinessCheck = {
  id: 'polls-politely',
  title: 'Polls a processing order no more often than the interval',
  hint:
    'While getOrderStatus answers an order processing, wait the poll interval (the scenario\'s ' +
    'readiness.minPollIntervalMs, 1000 ms by default) between polls, and stop once it is confirmed or failed.',
  grade(entries, { minPollIntervalMs }, context) {
    const lastPoll = new Map<string, JournalEntry>();
    let judged = 0;
    const violations: Evidence[][] = [];
    let firstViolation = '';
    for (const poll of entries) {
      if (poll.route !== 'getOrderStatus') continue;
      const order = JSON.stringify([poll.keyId, orderOf(poll)]);
      const previous = lastPoll.get(order);
      lastPoll.set(order, poll);
      if (previous?.orderStatus !== 'processing') continue;
      judged += 1;
      const waitedMs = gapMs(previous, poll);
      if (waitedMs >= minPollIntervalMs - POLL_TOLERANCE_MS) continue;
      firstViolation ||= `${entryName(poll)}, ${waitedMs} ms after ${entryName(previous)}`;
      violations.push([
        evidenceOf(previous, 'order processing'),
        evidenceOf(poll, `${waitedMs} ms after ${entryName(previous)}, at least ${minPollIntervalMs} ms expected`),
      ]);
    }
    if (violations.length > 0) {
      return {
        status: 'fail',
        summary: `${violations.length} of ${count(judged, 'poll')} of a processing order came sooner than ${minPollIntervalMs} ms after the poll before (first: ${firstViolation}).`,
        evidence: capEvidence(violations),
      };
    }
    if (judged > 0) {
      const summary =
        judged === 1
          ? `The poll after an order was processing came ${minPollIntervalMs} ms or more after it.`
          : `Each of ${judged} polls after an order was processing came ${minPollIntervalMs} ms or more after the poll before.`;
      return { status: 'pass', summary, evidence: [] };
    }
    return {
      status: 'not-exercised',
      summary: `No getOrderStatus followed one that answered an order processing: ${toExercise(
        context,
        "poll getOrderStatus of a new order until it is confirmed: the drill's orders stay processing for 5 s",
        'orders stay processing for 5 s, and poll until confirmed',
      )}.`,
      evidence: [],
    };
  },
};

/** The order a poll asked for: the id of the order read, else the purchaseOrderId of the query. */
function orderOf(poll: JournalEntry): string {
  if (poll.orderId !== undefined) return poll.orderId.toLowerCase();
  const query = poll.url.includes('?') ? poll.url.slice(poll.url.indexOf('?') + 1) : '';
  return (new URLSearchParams(query).get('purchaseOrderId') ?? '').toLowerCase();
}
