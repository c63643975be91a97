import type { JournalEntry } from '../../state/journal.js';

/** Wall-clock time the request arrived, epoch ms. */
export function wallMsOf(entry: JournalEntry): number {
  return Date.parse(entry.wallAt);
}

/** Whole ms from `earlier` to `later`, as the notes of evidence show them. */
export function gapMs(earlier: JournalEntry, later: JournalEntry): number {
  return wallMsOf(later) - wallMsOf(earlier);
}

/** The route a request was for: the API route, else its path without the query. */
export function routeOf(entry: JournalEntry): string {
  return entry.route ?? entry.url.split('?')[0]!;
}

export function isCreateOrder(entry: JournalEntry): boolean {
  return entry.route === 'createOrder' && entry.method === 'POST';
}

/** The client never got an answer it could act on: a 5xx, or a connection closed without an answer. */
export function lostAnswer(entry: JournalEntry): boolean {
  return entry.fault === 'drop' || entry.fault === 'lose-response' || entry.status >= 500;
}

/** A 4xx a client should not send again unchanged: any but 429, which asks it to wait and retry. */
export function refusedAsSent(entry: JournalEntry): boolean {
  return entry.status >= 400 && entry.status < 500 && entry.status !== 429;
}

/** Requests that are the same request: method, path and query, key, and the body fields the journal keeps. */
export function sameRequestKey(entry: JournalEntry): string {
  return JSON.stringify([entry.method, entry.url, entry.keyId, entry.orderRequest ?? null]);
}

/** The first entry after `index` that `matches`, with its index. */
export function nextMatching(
  entries: readonly JournalEntry[],
  index: number,
  matches: (entry: JournalEntry) => boolean,
): JournalEntry | undefined {
  for (let next = index + 1; next < entries.length; next++) {
    if (matches(entries[next]!)) return entries[next];
  }
  return undefined;
}
