import type { JournalEntry } from '../../state/journal.js';
import { capEvidence, entryName, evidenceOf, type Evidence } from './evidence.js';
import { count } from '../../lib/count.js';
import { followUp } from './follow-up.js';
import { GET_ORDER_STATUS, waitedMs } from './journal-reading.js';
import type { ReadinessCheck } from './report.js';
import { DRILL_SCENARIO } from './to-exercise.js';

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
    let judged = 0;
    const violations: Evidence[][] = [];
    let firstViolation = '';
    const polls = entries.filter((entry) => entry.route === GET_ORDER_STATUS);
    for (const previous of polls) {
      if (previous.orderStatus !== 'processing') continue;
      const order = orderOf(previous);
      const found = followUp(polls, previous, (poll) => poll.keyId === previous.keyId && orderOf(poll) === order);
      if (found.kind !== 'next') continue;
      const poll = found.next;
      judged += 1;
      const waited = waitedMs(previous, poll);
      if (waited >= minPollIntervalMs - POLL_TOLERANCE_MS) continue;
      firstViolation ||= `${entryName(poll)}, ${waited} ms after the answer of ${entryName(previous)}`;
      violations.push([
        evidenceOf(previous, 'order processing'),
        evidenceOf(poll, `${waited} ms after the answer of ${entryName(previous)}, at least ${minPollIntervalMs} ms expected`),
      ]);
    }
    if (violations.length > 0) {
      return {
        status: 'fail',
        summary: `${violations.length} of ${count(judged, 'poll')} of a processing order came sooner than ${minPollIntervalMs} ms after the answer of the poll before (first: ${firstViolation}).`,
        evidence: capEvidence(violations),
      };
    }
    if (judged > 0) {
      const summary =
        judged === 1
          ? `The poll after an order was processing came ${minPollIntervalMs} ms or more after that answer.`
          : `Each of ${judged} polls after an order was processing came ${minPollIntervalMs} ms or more after the answer of the poll before.`;
      return { status: 'pass', summary, evidence: [] };
    }
    const how = context.drill
      ? "poll getOrderStatus of a new order until it is confirmed: the drill's orders stay processing for 5 s"
      : `run your tests on a scenario whose orders stay processing (scenario ${DRILL_SCENARIO}, or delayed-provisioning), place an order and poll getOrderStatus until it is confirmed`;
    return { status: 'not-exercised', summary: `No getOrderStatus followed one that answered an order processing: ${how}.`, evidence: [] };
  },
};

/** The order a poll asked for: the id of the order read, else the purchaseOrderId of the query. */
function orderOf(poll: JournalEntry): string {
  if (poll.orderId !== undefined) return poll.orderId.toLowerCase();
  const query = poll.url.includes('?') ? poll.url.slice(poll.url.indexOf('?') + 1) : '';
  return (new URLSearchParams(query).get('purchaseOrderId') ?? '').toLowerCase();
}
