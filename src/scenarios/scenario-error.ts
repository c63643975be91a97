/** `file` is relative to the project root, or `<inline>`. */
export interface ScenarioProblem {
  file: string;
  /** For files read from disk; for a missing field, the line of the object that should hold it. */
  line?: number;
  path: string;
  message: string;
}

/** A scenario with 100,000 wrong entities reads no better listed whole; the rest are counted. */
export const LISTED_PROBLEMS = 100;

/** `problems` lists up to `LISTED_PROBLEMS` of what was wrong, not only the first; `total` counts them all. */
export class ScenarioError extends Error {
  override readonly name = 'ScenarioError';
  readonly problems: ScenarioProblem[];
  readonly total: number;

  constructor(problems: ScenarioProblem[], total = problems.length) {
    super([...problems.map(formatProblem), ...unlistedLine(problems.length, total)].join('\n'));
    this.problems = problems;
    this.total = total;
  }
}

/** `scenarios/my-copy.json:14: /payments/7/amountThb: expected a number, got "2400"`. */
export function formatProblem(problem: ScenarioProblem): string {
  const where = problem.line === undefined ? problem.file : `${problem.file}:${problem.line}`;
  return problem.path ? `${where}: ${problem.path}: ${problem.message}` : `${where}: ${problem.message}`;
}

/** The line that counts the problems not listed, if any: `...and 99900 more problems (the first 100 are listed)`. */
export function unlistedLine(listed: number, total: number): string[] {
  const unlisted = total - listed;
  return unlisted > 0 ? [`...and ${unlisted} more ${unlisted === 1 ? 'problem' : 'problems'} (the first ${listed} are listed)`] : [];
}
