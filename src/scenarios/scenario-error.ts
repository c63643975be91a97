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

/** A scenario that cannot be loaded; `problems` lists everything found wrong, not only the first. */
export class ScenarioError extends Error {
  override readonly name = 'ScenarioError';
  readonly problems: ScenarioProblem[];

  constructor(problems: ScenarioProblem[]) {
    super(problems.map(formatProblem).join('\n'));
    this.problems = problems;
  }
}

/** `scenarios/my-copy.json:14: /payments/7/amountThb: expected a number, got "2400"`. */
export function formatProblem(problem: ScenarioProblem): string {
  const where = problem.line === undefined ? problem.file : `${problem.file}:${problem.line}`;
  return problem.path ? `${where}: ${problem.path}: ${problem.message}` : `${where}: ${problem.message}`;
}
