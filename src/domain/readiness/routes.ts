import type { JournalEntry } from '../../state/journal.js';

/**
 * The calls the checks name, as the journal's `route` spells them: the one place that spelling is written in the
 * readiness report, so a change of it is a change of these two lines.
 */
export const CREATE_ORDER = 'createOrder';
export const GET_ORDER_STATUS = 'getOrderStatus';

/** Whether `entry` is a request of the call `route` (one of the constants above). */
export function isCall(entry: JournalEntry, route: string): boolean {
  return entry.route === route;
}
