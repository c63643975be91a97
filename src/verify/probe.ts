import type { CallPath } from '../contract/route-table.js';
import { dataOf, errorOf, type ReceivedAnswer, type ProbeRequest } from './exchange.js';
import { count } from '../lib/count.js';

/** A call of the API, by its path (src/api/calls). */
export type RoutePath = CallPath;

/** What probes learn from answers before them: how many records each list holds (from its `limit=200` answer). */
export interface ProbeContext {
  listSizes: Partial<Record<RoutePath, number>>;
}

/** An answer in a few words: `shown` in the table, `key` compared with the sandbox's (data left out of it). */
export interface Summary {
  shown: string;
  key: string;
  /** Why the answer cannot settle the check (`not determined: rate-limited …`); the row is then not compared. */
  notDetermined?: string;
}

/** One request verify sends, and what it makes of the answer. */
export interface Probe {
  /** Unique and stable: `getProducts?limit=0`. */
  id: string;
  /** The row's label in the table. */
  check: string;
  route: RoutePath;
  request: ProbeRequest;
  /** What the spec says of this answer beyond the document's shapes: the problems found. */
  rules?: (answer: ReceivedAnswer, context: ProbeContext) => string[];
  summarize?: (answer: ReceivedAnswer, context: ProbeContext) => Summary;
}

/** A probe with its answer: the problems (document and spec rules) and the summary. */
export interface Observation {
  probe: Probe;
  answer: ReceivedAnswer;
  problems: string[];
  summary: Summary;
}

/** `400 VALIDATION_ERROR` for an error envelope, `200` for a success, `200, 12 items` for a list. */
export function plainSummary(answer: ReceivedAnswer): Summary {
  const error = errorOf(answer);
  if (answer.status >= 400) {
    const text = error ? `${answer.status} ${error.code}` : `${answer.status}`;
    return { shown: text, key: text };
  }
  const data = dataOf(answer);
  if (Array.isArray(data)) return { shown: `${answer.status}, ${count(data.length, 'item')}`, key: `${answer.status}` };
  if (answer.json === undefined) return { shown: `${answer.status}, not JSON`, key: `${answer.status}, not JSON` };
  return { shown: `${answer.status}`, key: `${answer.status}` };
}


/** The records of a list answer, or undefined. */
export function listOf(answer: ReceivedAnswer): unknown[] | undefined {
  const data = dataOf(answer);
  return Array.isArray(data) ? data : undefined;
}

/** A refusal of a request's input: 400 (or 422), not a missing route, a refused key or a conflict. */
export const isInputRefusal = (status: number) => status === 400 || status === 422;
