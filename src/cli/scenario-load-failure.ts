import path from 'node:path';
import { displayPath } from '../scenarios/load-scenario.js';
import { formatProblem, ScenarioError, unlistedLine } from '../scenarios/scenario-error.js';

/**
 * What to print for a scenario that could not be loaded: one line per problem of a `ScenarioError` (file, line,
 * JSON path, what was expected), or the message of any other error; never a stack. Problems of the file at
 * `givenPath` name it as given on the command line rather than as the loader shows it.
 */
export function describeLoadFailure(error: unknown, givenPath?: string): string {
  if (!(error instanceof ScenarioError)) return error instanceof Error ? error.message : String(error);
  const shownByLoader = givenPath === undefined ? undefined : displayPath(path.resolve(givenPath));
  const lines = error.problems.map((problem) => formatProblem(problem.file === shownByLoader ? { ...problem, file: givenPath! } : problem));
  return [...lines, ...unlistedLine(error.problems.length, error.total)].join('\n');
}
