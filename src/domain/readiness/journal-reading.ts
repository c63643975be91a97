import type { CallName } from '../../contract/route-table.js';
import type { JournalEntry } from '../../state/journal.js';

/** The one place the readiness checks spell a call's name; typed by `CallName`, so a renamed call fails the type check. */
const CREATE_ORDER: CallName = 'createOrder';
export const GET_ORDER_STATUS: CallName = 'getOrderStatus';

/** When the request arrived, epoch ms. */
export function wallMsOf(entry: JournalEntry): number {
  return Date.parse(entry.wallAt);
}

/**
 * When the client had its answer, epoch ms, the sandbox's own latency included: gaps are graded from here, so the
 * sandbox's slowness never counts as the client's patience.
 */
export function answeredMsOf(entry: JournalEntry): number {
  return wallMsOf(entry) + entry.durationMs;
}

/** Whole ms from the answer of `earlier` to the arrival of `later`, as the notes of evidence show them. */
export function waitedMs(earlier: JournalEntry, later: JournalEntry): number {
  return Math.floor(wallMsOf(later) - answeredMsOf(earlier));
}

/** Whether `later` arrived before `earlier` was answered: sent beside it, it cannot be a reaction to its answer. */
export function arrivedBeforeAnswer(later: JournalEntry, earlier: JournalEntry): boolean {
  return wallMsOf(later) < answeredMsOf(earlier);
}

/** The route a request was for: the API route, else its path without the query. */
export function routeOf(entry: JournalEntry): string {
  return entry.route ?? entry.url.split('?')[0]!;
}

export function isCreateOrder(entry: JournalEntry): boolean {
  return entry.route === CREATE_ORDER && entry.method === 'POST';
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

/** Proxy mode: an upstream that broke the contract is a broken service's word, not a verdict on the client; checks set it aside. */
export function answerBrokeContract(entry: JournalEntry): boolean {
  return entry.proxied?.breakKind === 'contract';
}

/** What a check's summary adds for the exchanges it set aside (`answerBrokeContract`); empty when none. */
export function setAsideNote(setAside: readonly JournalEntry[]): string {
  if (setAside.length === 0) return '';
  const names = setAside.slice(0, 5).map((entry) => `#${entry.seq}`).join(', ') + (setAside.length > 5 ? ', …' : '');
  const what = setAside.length === 1 ? 'exchange whose answer' : 'exchanges whose answers';
  return ` Set aside: ${setAside.length} ${what} broke the contract (${names}), the upstream's break, not the client's.`;
}
