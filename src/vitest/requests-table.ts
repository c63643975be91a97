import type { JournalEntry } from '../state/journal.js';

/** The most recent requests a failure message shows; the journal may hold a thousand. */
const SHOWN = 20;

/**
 * The requests a sandbox received, as a small table for a failure message:
 *
 *   request  method  path                 status  error
 *   #1       GET     /api/v1/getBalance   200
 *   #2       POST    /api/v1/createOrder  409     INVENTORY_EMPTY
 *
 * Each request by its journal number (`#<seq>`), as readiness, the inspector, curl and replay name it.
 */
export function requestsTable(entries: readonly JournalEntry[]): string {
  if (entries.length === 0) return 'The sandbox received no request (since it started, or since the test began).';
  const first = Math.max(0, entries.length - SHOWN);
  const rows = entries.slice(first).map((entry) => [
    `#${entry.seq}`,
    entry.method,
    entry.url,
    String(entry.status),
    [entry.errorCode, entry.fault && `fault: ${entry.fault}`].filter(Boolean).join(', '),
  ]);
  const header = ['request', 'method', 'path', 'status', 'error'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column]!)).join('  ').trimEnd();
  const intro = first > 0 ? `The last ${SHOWN} of ${entries.length} requests the sandbox received:` : 'The requests the sandbox received:';
  return [intro, line(header), ...rows.map(line)].join('\n');
}
