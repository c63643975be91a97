import type { JournalEntry } from '../state/journal.js';
import { CALLS } from '../api/calls/index.js';
import type { CallName } from '../contract/route-table.js';
import { bodyAsShown } from './received-bodies.js';

/** A route of the imitated API by its name (the OpenAPI operationId): `'createOrder'`. */
export type RouteName = CallName;

/** What `toHaveReceived` asks of the requests to a route. */
export interface ReceivedCriteria {
  /** Exactly this many matching requests; without it, at least one. */
  times?: number;
  /** The status the sandbox answered (or would have, before a fault lost the answer). */
  status?: number;
  /** The `error.code` of the answer. */
  errorCode?: string;
  /**
   * A partial match of the JSON request body: every field given must be there with an equal value. The journal
   * keeps the bodies of the latest requests only (`journalBodies`, default 100).
   */
  body?: Record<string, unknown>;
}

export const ROUTE_NAMES: readonly string[] = CALLS.map((route) => route.name);

/** The route name of a journal entry (`/createOrder` → `createOrder`); none for a path that names no route. */
export function routeNameOf(entry: Pick<JournalEntry, 'route'>): string | undefined {
  return entry.route?.slice(1);
}

/** Checks the arguments of `toHaveReceived`, with a message that says what to pass instead. */
export function checkReceivedArguments(route: unknown, criteria: unknown): string | undefined {
  if (typeof route !== 'string' || !ROUTE_NAMES.includes(route)) {
    return `toHaveReceived takes a route name, one of ${ROUTE_NAMES.join(', ')} (got ${JSON.stringify(route)})`;
  }
  if (criteria === undefined) return undefined;
  if (typeof criteria !== 'object' || criteria === null) return `toHaveReceived's criteria must be an object such as { times: 1, status: 200 } (got ${JSON.stringify(criteria)})`;
  const unknown = Object.keys(criteria).filter((key) => !['times', 'status', 'errorCode', 'body'].includes(key));
  if (unknown.length > 0) return `toHaveReceived's criteria take times, status, errorCode and body (got ${unknown.join(', ')})`;
  const { times } = criteria as ReceivedCriteria;
  if (times !== undefined && !(Number.isInteger(times) && times >= 0)) return `times must be a whole number from 0 (got ${JSON.stringify(times)})`;
  return undefined;
}

/** Describes the criteria as the failure message reads them: `createOrder with status 409 and errorCode "INVENTORY_EMPTY"`. */
export function describeCriteria(route: string, { status, errorCode, body }: ReceivedCriteria = {}): string {
  const parts = [
    status !== undefined && `status ${status}`,
    errorCode !== undefined && `errorCode ${JSON.stringify(errorCode)}`,
    body !== undefined && `a body matching ${bodyAsShown(body)}`,
  ].filter(Boolean);
  return parts.length === 0 ? route : `${route} with ${parts.join(' and ')}`;
}

export function timesText(count: number): string {
  return count === 1 ? '1 time' : `${count} times`;
}
