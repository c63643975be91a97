import type { JournalEntry } from '../state/journal.js';
import { checkReceivedArguments, describeCriteria, receivedRouteOf, timesText, type ReceivedCriteria } from './received-requests.js';
import { bodyDifferences, receivedBodies } from './received-bodies.js';
import { requestsTable } from './requests-table.js';

/** What the matcher needs of the test framework: its deep equality, which knows asymmetric matchers (`expect.any(String)`). */
export interface MatcherContext {
  equals(actual: unknown, expected: unknown): boolean;
  isNot: boolean;
}

export interface MatcherResult {
  pass: boolean;
  message: () => string;
}

/**
 * `expect(sandbox).toHaveReceived(route, criteria?)`: the sandbox's journal holds requests to `route` that
 * match every criterion given, `times` of them when `times` is given, else at least one.
 */
export function toHaveReceived(this: MatcherContext, sandbox: unknown, route: unknown, criteria?: ReceivedCriteria): MatcherResult {
  const entries = journalOf(sandbox);
  const problem = typeof entries === 'string' ? entries : checkReceivedArguments(route, criteria);
  if (problem !== undefined) throw new TypeError(problem);
  const journal = entries as readonly JournalEntry[];
  const name = receivedRouteOf(route)!;
  const matching = journal.filter((entry) => entry.route === name && matches(this, entry, criteria ?? {}));
  const count = matching.length;
  const pass = criteria?.times === undefined ? count > 0 : count === criteria.times;
  const wanted = describeCriteria(name, criteria);
  return {
    pass,
    message: () => {
      const expectation =
        criteria?.times === undefined
          ? `expected the sandbox ${this.isNot ? 'not ' : ''}to have received ${wanted}`
          : `expected the sandbox ${this.isNot ? 'not ' : ''}to have received ${wanted} ${timesText(criteria.times)}`;
      const bodies = criteria?.body === undefined ? '' : `\n\n${receivedBodies(journal, name, criteria.body, (a, b) => this.equals(a, b))}`;
      return `${expectation}, and it received ${timesText(count)}.${bodies}\n\n${requestsTable(journal)}`;
    },
  };
}

function matches(context: MatcherContext, entry: JournalEntry, { status, errorCode, body }: ReceivedCriteria): boolean {
  if (status !== undefined && entry.status !== status) return false;
  if (errorCode !== undefined && !context.equals(entry.errorCode, errorCode)) return false;
  if (body !== undefined && bodyDifferences((a, b) => context.equals(a, b), entry.request?.body, body).length > 0) return false;
  return true;
}

function journalOf(sandbox: unknown): readonly JournalEntry[] | string {
  const journal = (sandbox as { journal?: unknown } | null)?.journal;
  return typeof journal === 'function'
    ? ((sandbox as { journal(): readonly JournalEntry[] }).journal())
    : 'toHaveReceived is a matcher of a sandbox: expect(sandbox).toHaveReceived(route), with the sandbox of createSandbox or of the sandbox fixture';
}
