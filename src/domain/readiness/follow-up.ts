import type { JournalEntry } from '../../state/journal.js';
import { answeredMsOf, arrivedBeforeAnswer, isCreateOrder, lostAnswer, routeOf, waitedMs, wallMsOf } from './journal-reading.js';

/**
 * How far apart, by arrival, requests a client sent at once may land (five fetches started together measured 6 ms
 * apart on a loaded machine; the bound leaves room for a busier one).
 */
const SENT_AT_ONCE_MS = 50;

export type FollowUp =
  | { kind: 'next'; next: JournalEntry }
  /** Requests came after the answer, but each may have been sent beside it: which reacted to it cannot be told. */
  | { kind: 'unclear' }
  | { kind: 'none' };

/**
 * The client's reaction to `answered`: the first request `matches` picks that arrived once it was answered (one that
 * arrived before is concurrent). With `sentAtOnce`, copies of a burst landing within `SENT_AT_ONCE_MS` are taken as
 * sent beside it; when only such copies follow, the reaction cannot be told.
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

/** `waited` is in whole ms. */
export interface Reaction {
  answered: JournalEntry;
  next: JournalEntry;
  waited: number;
}

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
 * Whether an adjacent copy among the key's requests (same method and URL) arrived within `SENT_AT_ONCE_MS` with no
 * lost answer or 429 before it to explain it. A suite that sends the same read twice with other requests between is
 * sequential, not a burst.
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
  const cluster = [answered];
  for (const side of [-1, 1]) {
    for (let index = at + side; index >= 0 && index < ofKey.length && isCopy(ofKey[index]!); index += side) cluster.push(ofKey[index]!);
  }
  return cluster.some((copy) => copy !== answered && Math.abs(wallMsOf(copy) - wallMsOf(answered)) <= SENT_AT_ONCE_MS && !explained(copy));
}

/**
 * The retry of a request whose answer was lost: same key and route, sent after that answer. A read's retry has the
 * same path and query; a createOrder's carries its idempotencyKey, however late, or else is the next createOrder of
 * the same productId and quantity.
 */
export function retryOf(entries: readonly JournalEntry[], lost: JournalEntry): FollowUp {
  const sameCaller = (entry: JournalEntry) => entry.keyId === lost.keyId && entry.method === lost.method && routeOf(entry) === routeOf(lost);
  if (!isCreateOrder(lost)) return followUp(entries, lost, (entry) => sameCaller(entry) && entry.url === lost.url, { sentAtOnce: true });
  const key = lost.orderRequest?.idempotencyKey;
  const carriesKey = (entry: JournalEntry) => sameCaller(entry) && key !== undefined && entry.orderRequest?.idempotencyKey === key;
  if (entries.some((entry) => entry !== lost && carriesKey(entry) && !arrivedBeforeAnswer(entry, lost))) return followUp(entries, lost, carriesKey);
  return followUp(entries, lost, (entry) => sameCaller(entry) && sameOrder(entry, lost), { sentAtOnce: true });
}

function sameOrder(entry: JournalEntry, other: JournalEntry): boolean {
  return entry.orderRequest?.productId === other.orderRequest?.productId && entry.orderRequest?.quantity === other.orderRequest?.quantity;
}
