import type { ReadinessSettings } from '../../scenarios/scenario-schema.js';
import type { JournalEntry } from '../../state/journal.js';
import type { Evidence } from './evidence.js';
import type { GradeContext } from './to-exercise.js';

export type CheckStatus = 'pass' | 'fail' | 'not-exercised';

/** `not-ready` when a check fails, `incomplete` when none fails but some were not exercised, else `ready`. */
export type Verdict = 'ready' | 'incomplete' | 'not-ready';

/** What one check found in the journal. */
export interface Grade {
  status: CheckStatus;
  /** One line: what was seen, and for `not-exercised` what would exercise the check. */
  summary: string;
  /** The journal entries the summary rests on: for a failure, those that show it. */
  evidence: Evidence[];
}

/** One behaviour a client should have, graded from the request journal alone. */
export interface ReadinessCheck {
  /** Stable: CI reports and scripts may key on it. */
  id: string;
  title: string;
  /** What a ready client does; the fix when the check fails. */
  hint: string;
  grade(entries: readonly JournalEntry[], settings: ReadinessSettings, context: GradeContext): Grade;
}

export interface CheckResult extends Grade {
  id: string;
  title: string;
  hint: string;
}

/** How a client handled the failures of a run, graded from its requests. */
export interface ReadinessReport {
  verdict: Verdict;
  /** The scenario the graded requests were sent to. */
  scenario: string;
  checks: CheckResult[];
}

/** The verdict of a set of check results. */
export function verdictOf(statuses: readonly CheckStatus[]): Verdict {
  if (statuses.includes('fail')) return 'not-ready';
  if (statuses.includes('not-exercised')) return 'incomplete';
  return 'ready';
}
