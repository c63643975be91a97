import type { JournalEntry } from '../../state/journal.js';

/** A journal entry as a check cites it. */
export interface Evidence {
  /** The entry's number in the journal (`seq`). */
  seq: number;
  /** Wall-clock time the request arrived, ISO 8601. */
  wallAt: string;
  method: string;
  /** Path and query string. */
  path: string;
  /** 0 when the connection was closed before anything was done. */
  status: number;
  errorCode?: string;
  /** What the sandbox did with the request: answered, refused, or which fault struck it. */
  sandbox: string;
  /** What this entry shows for the check: a gap, an idempotencyKey, an order id. */
  note?: string;
}

/** The most entries a check cites: enough to see a failure, few enough to read. */
const MAX_EVIDENCE = 12;

export function evidenceOf(entry: JournalEntry, note?: string): Evidence {
  return {
    seq: entry.seq,
    wallAt: entry.wallAt,
    method: entry.method,
    path: entry.url,
    status: entry.status,
    ...(entry.errorCode !== undefined && { errorCode: entry.errorCode }),
    sandbox: whatTheSandboxDid(entry),
    ...(note !== undefined && { note }),
  };
}

/**
 * The entries of cited groups in order, each group kept whole, up to `MAX_EVIDENCE` entries. An entry cited again
 * (a poll too soon that the next poll was too soon after) is listed once, with both notes.
 */
export function capEvidence(groups: readonly Evidence[][]): Evidence[] {
  const cited: Evidence[] = [];
  for (const group of groups) {
    const fresh = group.filter((evidence) => !cited.some((done) => done.seq === evidence.seq));
    if (cited.length > 0 && cited.length + fresh.length > MAX_EVIDENCE) break;
    for (const evidence of group) {
      const done = cited.find((entry) => entry.seq === evidence.seq);
      if (!done) cited.push({ ...evidence });
      else if (evidence.note !== undefined) done.note = done.note === undefined ? evidence.note : `${done.note}; ${evidence.note}`;
    }
  }
  return cited.sort((a, b) => a.seq - b.seq);
}

function whatTheSandboxDid(entry: JournalEntry): string {
  const retryAfter = entry.retryAfterS === undefined ? '' : ` with Retry-After: ${entry.retryAfterS}`;
  switch (entry.fault) {
    case 'drop':
      return 'closed the connection without an answer, nothing done (fault drop)';
    case 'lose-response':
      return 'carried the request out, then closed the connection without an answer (fault lose-response)';
    case 'error':
      return 'answered an injected error, nothing done (fault error)';
    case 'rate-limit':
      return `answered an injected 429${retryAfter}, nothing done (fault rate-limit)`;
  }
  if (entry.status === 429) return `refused by the scenario's rate limit${retryAfter}`;
  if (entry.status >= 400) return entry.errorMessage === undefined ? 'refused' : `refused: ${entry.errorMessage}`;
  return 'answered';
}

/** How a report names a request: by its number in the journal, `#14`, as the inspector numbers its rows. */
export function entryName(entry: { seq: number }): string {
  return `#${entry.seq}`;
}

/** One line of an entry as text reports show it: `#3, 2026-11-23T10:00:00.000Z POST /api/v1/createOrder 503 SERVICE_UNAVAILABLE: answered …; note`. */
export function evidenceLine(evidence: Evidence): string {
  const answer = [evidence.status === 0 ? '-' : String(evidence.status), evidence.errorCode].filter(Boolean).join(' ');
  const note = evidence.note === undefined ? '' : `; ${evidence.note}`;
  return `${entryName(evidence)}, ${evidence.wallAt} ${evidence.method} ${evidence.path} ${answer}: ${evidence.sandbox}${note}`;
}
