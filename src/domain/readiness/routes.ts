import type { CallName } from '../../contract/route-table.js';
import type { JournalEntry } from '../../state/journal.js';

/**
 * The calls the checks name, as the journal's `route` spells them: the one place that spelling is written in the
 * readiness report, so a change of it is a change of these two lines. Typed by the calls' names
 * (src/contract/call-names.ts, derived from src/api/calls): a call renamed or removed fails the type check here.
 */
export const CREATE_ORDER: CallName = 'createOrder';
export const GET_ORDER_STATUS: CallName = 'getOrderStatus';

/** Whether `entry` is a request of the call `route` (one of the constants above). */
export function isCall(entry: JournalEntry, route: string): boolean {
  return entry.route === route;
}
