import type { JournalEntry } from '../../state/journal.js';
import { followUp, type FollowUp } from './follow-up.js';
import { arrivedBeforeAnswer, isCreateOrder, routeOf } from './journal-reading.js';

/**
 * The retry of a request whose answer was lost: a request of the same route by the same key, sent once that
 * answer was sent, never one of another route or key, never one that arrived before it (sent beside it).
 * A read's retry asks for the same path and query. A createOrder's retry is the one carrying its
 * idempotencyKey, however late; when none after it does, the next createOrder of the same productId and
 * quantity is its retry with another key (or none).
 */
export function retryOf(entries: readonly JournalEntry[], lost: JournalEntry): FollowUp {
  const sameCaller = (entry: JournalEntry) => entry.keyId === lost.keyId && entry.method === lost.method && routeOf(entry) === routeOf(lost);
  if (!isCreateOrder(lost)) return followUp(entries, lost, (entry) => sameCaller(entry) && entry.url === lost.url, { sentAtOnce: true });
  const key = lost.orderRequest?.idempotencyKey;
  const carriesKey = (entry: JournalEntry) => sameCaller(entry) && key !== undefined && entry.orderRequest?.idempotencyKey === key;
  if (entries.some((entry) => entry !== lost && carriesKey(entry) && !arrivedBeforeAnswer(entry, lost))) return followUp(entries, lost, carriesKey);
  return followUp(entries, lost, (entry) => sameCaller(entry) && sameOrder(entry, lost), { sentAtOnce: true });
}

/** The same order asked for: productId and quantity. */
export function sameOrder(entry: JournalEntry, other: JournalEntry): boolean {
  return entry.orderRequest?.productId === other.orderRequest?.productId && entry.orderRequest?.quantity === other.orderRequest?.quantity;
}
