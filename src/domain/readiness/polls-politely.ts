import type { JournalEntry } from '../../state/journal.js';
import { entryName, evidenceOf } from './evidence.js';
import { count } from '../../lib/count.js';
import { followUp, reactionsTo, type Reaction } from './follow-up.js';
import { GET_ORDER_STATUS } from './journal-reading.js';
import { weigh, type ReadinessCheck } from './report.js';
import { DRILL_SCENARIO } from './to-exercise.js';

/** How much sooner than the poll interval a poll may arrive: timers and the network are not exact. */
const POLL_TOLERANCE_MS = 50;

export const pollsPolitely: ReadinessCheck = {
  id: 'polls-politely',
  title: 'Polls a processing order no more often than the interval',
  hint:
    'While getOrderStatus answers an order processing, wait the poll interval (the scenario\'s ' +
    'readiness.minPollIntervalMs, 1000 ms by default) between polls, and stop once it is confirmed or failed.',
  grade(entries, { minPollIntervalMs }, context) {
    const polls = entries.filter((entry) => entry.route === GET_ORDER_STATUS);
    const { followed } = reactionsTo(
      polls.filter((poll) => poll.orderStatus === 'processing'),
      (previous) => followUp(polls, previous, (poll) => poll.keyId === previous.keyId && orderOf(poll) === orderOf(previous)),
    );
    const soon = followed.filter(({ waited }) => waited < minPollIntervalMs - POLL_TOLERANCE_MS);
    const after = ({ answered, waited }: Reaction) => `${waited} ms after the answer of ${entryName(answered)}`;
    const first = soon[0];
    const how = context.drill
      ? "poll getOrderStatus of a new order until it is confirmed: the drill's orders stay processing for 5 s"
      : `run your tests on a scenario whose orders stay processing (scenario ${DRILL_SCENARIO}, or delayed-provisioning), place an order and poll getOrderStatus until it is confirmed`;
    return weigh({
      fail: first !== undefined && {
        summary: `${soon.length} of ${count(followed.length, 'poll')} of a processing order came sooner than ${minPollIntervalMs} ms after the answer of the poll before (first: ${entryName(first.next)}, ${after(first)}).`,
        cited: soon.map((poll) => [evidenceOf(poll.answered, 'order processing'), evidenceOf(poll.next, `${after(poll)}, at least ${minPollIntervalMs} ms expected`)]),
      },
      pass:
        followed.length > 0 &&
        (followed.length === 1
          ? `The poll after an order was processing came ${minPollIntervalMs} ms or more after that answer.`
          : `Each of ${followed.length} polls after an order was processing came ${minPollIntervalMs} ms or more after the answer of the poll before.`),
      notExercised: `No getOrderStatus followed one that answered an order processing: ${how}.`,
    });
  },
};

/** The id of the order read, else the purchaseOrderId of the query. */
function orderOf(poll: JournalEntry): string {
  if (poll.orderId !== undefined) return poll.orderId.toLowerCase();
  const query = poll.url.includes('?') ? poll.url.slice(poll.url.indexOf('?') + 1) : '';
  return (new URLSearchParams(query).get('purchaseOrderId') ?? '').toLowerCase();
}
