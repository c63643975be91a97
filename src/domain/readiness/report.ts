import type { ReadinessSettings } from '../../scenarios/scenario-schema.js';
import type { JournalEntry } from '../../state/journal.js';
import { capEvidence, type Evidence } from './evidence.js';
import type { GradeContext } from './to-exercise.js';

/**
 * `not-determined`: the check met what it grades, but the journal cannot settle it (which request reacted to an
 * answer cannot be told); the summary says why. Never a pass.
 */
export type CheckStatus = 'pass' | 'fail' | 'not-exercised' | 'not-determined';

/**
 * `not-ready` when a check fails, `incomplete` when none fails but some were not exercised or not determined,
 * else `ready`.
 */
export type Verdict = 'ready' | 'incomplete' | 'not-ready';

export interface Grade {
  status: CheckStatus;
  /** One line: what was seen; for `not-exercised` what would exercise the check, for `not-determined` why it is not settled. */
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

interface Finding {
  summary: string;
  /** Groups of entries cited together, kept whole as `capEvidence` cuts them. */
  cited: Evidence[][];
}

/** Weighs in the one order every check keeps: a failure, then a doubt, then a pass, else what would exercise the check. */
export function weigh(found: { fail?: Finding | false; notDetermined?: Finding | false; pass?: string | false; notExercised: string }): Grade {
  if (found.fail) return { status: 'fail', summary: found.fail.summary, evidence: capEvidence(found.fail.cited) };
  if (found.notDetermined) return { status: 'not-determined', summary: found.notDetermined.summary, evidence: capEvidence(found.notDetermined.cited) };
  if (found.pass) return { status: 'pass', summary: found.pass, evidence: [] };
  return { status: 'not-exercised', summary: found.notExercised, evidence: [] };
}

/** A check's grade, with the check's id, title and hint. */
export type CheckResult = Grade & Pick<ReadinessCheck, 'id' | 'title' | 'hint'>;

/** How a client handled the failures of a run, graded from its requests. */
export interface ReadinessReport {
  verdict: Verdict;
  /** The scenario the graded requests were sent to. */
  scenario: string;
  /** The key the report was narrowed to, masked; absent when it grades every key. */
  key?: string;
  checks: CheckResult[];
  /** Requests of the run left out of the grading, and why: those the sandbox's own tools sent. Absent when none. */
  leftOut?: LeftOut[];
}

/** Requests of a run the report did not grade. */
export interface LeftOut {
  /** The tool that sent them: `verify`, `record` (esim-sandbox's commands) or `replay` (the inspector's or the admin API's). */
  tool: string;
  requests: number;
  why: string;
}

export function verdictOf(statuses: readonly CheckStatus[]): Verdict {
  if (statuses.includes('fail')) return 'not-ready';
  if (statuses.includes('not-exercised') || statuses.includes('not-determined')) return 'incomplete';
  return 'ready';
}
