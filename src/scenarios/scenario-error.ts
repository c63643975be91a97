/**
 * One thing wrong with a scenario: the file (relative to the project root, or `<inline>`), the line of the file
 * where the value at fault starts (for files read from disk), a JSON pointer into it, and what is wrong.
 */
export interface ScenarioProblem {
  file: string;
  /** 1-based line of `path` in the file: where its value starts or, for a missing field, the object that should hold it. */
  line?: number;
  path: string;
  message: string;
}

/** How many problems a ScenarioError lists; the rest are counted. A scenario with 100,000 wrong entities reads no better listed whole. */
export const LISTED_PROBLEMS = 100;

/**
 * A scenario that cannot be loaded; `problems` lists what was found wrong, not only the first: up to
 * `LISTED_PROBLEMS` of them, with `total` counting them all.
 */
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
