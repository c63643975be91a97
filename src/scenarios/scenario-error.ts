/** One thing wrong with a scenario: the file (relative to the project root, or `<inline>`), a JSON pointer into it, and what is wrong. */
export interface ScenarioProblem {
  file: string;
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

/** `scenarios/low-balance.json: /accounts/0/topups/1/amountThb: expected a number, got "10"`. */
export function formatProblem(problem: ScenarioProblem): string {
  return problem.path ? `${problem.file}: ${problem.path}: ${problem.message}` : `${problem.file}: ${problem.message}`;
}
