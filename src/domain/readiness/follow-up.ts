import type { JournalEntry } from '../../state/journal.js';
import { answeredMsOf, arrivedBeforeAnswer, isCreateOrder, lostAnswer, routeOf, waitedMs, wallMsOf } from './journal-reading.js';

/**
 * How far apart, by arrival, requests a client sent at once may land: five fetches started together reach a busy
 * server over a few ms (measured: 6 ms on a loaded machine; the bound leaves room for a busier one), each stamped as the
 * server gets to it.
 */
const SENT_AT_ONCE_MS = 50;

/** What came after an answer, among the requests a check asks about. */
export type FollowUp =
  /** The request the client sent once it had the answer: the one to grade. */
  | { kind: 'next'; next: JournalEntry }
  /** Requests came after the answer, but each may have been sent beside it: which reacted to it cannot be told. */
  | { kind: 'unclear' }
  /** No request of the kind came after the answer. */
  | { kind: 'none' };

/**
 * The first request of those `matches` picks (never `answered` itself) that arrived once `answered` was answered:
 * the client's reaction to that answer. A request that arrived before the answer was sent is concurrent, never a
 * reaction. With `sentAtOnce`, when the client sent the same request several times at once (another copy arrived
 * within `SENT_AT_ONCE_MS` of this one and could not be a retry of anything), the copies that arrived within that
 * spread are taken as sent beside it; when only such copies follow, the reaction cannot be told.
 */
export function followUp(
  entries: readonly JournalEntry[],
  answered: JournalEntry,
  matches: (entry: JournalEntry) => boolean,
  { sentAtOnce = false }: { sentAtOnce?: boolean } = {},
): FollowUp {
  const same = byArrival(entries.filter((entry) => entry === answered || matches(entry)));
  const after = same.filter((entry) => entry !== answered && !arrivedBeforeAnswer(entry, answered) && wallMsOf(entry) >= wallMsOf(answered));
  if (after.length === 0) return { kind: 'none' };
  if (!sentAtOnce || !isSentAtOnce(entries, answered)) return { kind: 'next', next: after[0]! };
  const next = after.find((entry) => wallMsOf(entry) - wallMsOf(answered) > SENT_AT_ONCE_MS);
  return next ? { kind: 'next', next } : { kind: 'unclear' };
}

/** An answer, and the request the client sent once it had it, `waited` whole ms after it. */
export interface Reaction {
  answered: JournalEntry;
  next: JournalEntry;
  waited: number;
}

/** The reactions to `answers`, each found by `find`, and the answers whose reaction cannot be told. */
export function reactionsTo(answers: readonly JournalEntry[], find: (answered: JournalEntry) => FollowUp): { followed: Reaction[]; unclear: JournalEntry[] } {
  const followed: Reaction[] = [];
  const unclear: JournalEntry[] = [];
  for (const answered of answers) {
    const found = find(answered);
    if (found.kind === 'next') followed.push({ answered, next: found.next, waited: waitedMs(answered, found.next) });
    if (found.kind === 'unclear') unclear.push(answered);
  }
  return { followed, unclear };
}

/** Entries in the order they arrived; the journal numbers them in the order they were answered. */
function byArrival(entries: readonly JournalEntry[]): JournalEntry[] {
  return [...entries].sort((a, b) => wallMsOf(a) - wallMsOf(b) || a.seq - b.seq);
}

/**
 * Whether `answered` is one of several copies of a request (method, path and query, key) sent at once: a copy
 * next to it among the key's requests, with no other request of the key between them, arrived within
 * `SENT_AT_ONCE_MS` of it and no lost answer or 429 explains it (it is the first copy, or the copy before it was
 * answered, or it arrived before that copy was answered). A suite that sends the same read twice with other
 * requests between is sequential, not a burst.
 */
function isSentAtOnce(entries: readonly JournalEntry[], answered: JournalEntry): boolean {
  const ofKey = byArrival(entries.filter((entry) => entry.keyId === answered.keyId));
  const isCopy = (entry: JournalEntry) => entry.method === answered.method && entry.url === answered.url;
  const at = ofKey.indexOf(answered);
  const copies = ofKey.filter(isCopy);
  const explained = (copy: JournalEntry) => {
    const before = copies[copies.indexOf(copy) - 1];
    return before !== undefined && (lostAnswer(before) || before.status === 429) && wallMsOf(copy) >= answeredMsOf(before);
  };
  // The copies next to it, on either side, with nothing else of the key between.
  const cluster = [answered];
  for (const side of [-1, 1]) {
    for (let index = at + side; index >= 0 && index < ofKey.length && isCopy(ofKey[index]!); index += side) cluster.push(ofKey[index]!);
  }
  return cluster.some((copy) => copy !== answered && Math.abs(wallMsOf(copy) - wallMsOf(answered)) <= SENT_AT_ONCE_MS && !explained(copy));
}

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
function sameOrder(entry: JournalEntry, other: JournalEntry): boolean {
  return entry.orderRequest?.productId === other.orderRequest?.productId && entry.orderRequest?.quantity === other.orderRequest?.quantity;
}
