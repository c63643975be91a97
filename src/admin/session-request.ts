import { z } from 'zod';
import { everyProblem, parseInput } from '../api/parse-input.js';
import { parseJsonText } from '../api/read-json-body.js';
import { loadScenario } from '../scenarios/load-scenario.js';
import { ScenarioError, type ScenarioProblem } from '../scenarios/scenario-error.js';
import type { ScenarioFileAccess } from '../scenarios/scenario-file-access.js';
import type { ResolvedScenario, ScenarioFile } from '../scenarios/scenario-schema.js';
import { ADMIN_BODY } from './admin-body.js';
import { inlineScenarioBytes } from './inline-scenario-size.js';
import { scenarioNameSchema } from './scenario-name.js';

// The scenario is checked by its own loader, with pointers into it; the body came from JSON.parse, so it is JSON
// already (checking each value again took 1 s of a 7.6 MB scenario, with every other request waiting).
const createSessionBody = everyProblem(
  z.strictObject({
    scenario: z.union([scenarioNameSchema, z.record(z.string(), z.unknown())]).optional(),
    seed: z.int().nonnegative().optional(),
  }),
);

/**
 * A `POST /sessions` body, checked as far as it can be without the server's state: plain data, so that it can
 * be made on another thread and sent back. The memory budget is the server's to check, before `problems`.
 */
export interface SessionRequest {
  /** Bytes of JSON of its inline scenario; 0 for a scenario name or none. */
  bytes: number;
  seed: number | undefined;
  /** The scenario resolved; undefined for none (the host's) or when it has `problems`. */
  scenario: ResolvedScenario | undefined;
  /** What keeps the scenario from loading, as a `ScenarioError` lists it. */
  problems: ScenarioProblem[] | undefined;
}

/**
 * The body's JSON, its fields, the inline scenario's size, then the scenario itself: each refusal of the body
 * is thrown (an `ApiError`), the scenario's problems are returned.
 */
export function checkSessionRequest(text: string, files: ScenarioFileAccess): SessionRequest {
  const { scenario, seed } = parseInput(createSessionBody, parseJsonText(text, ADMIN_BODY));
  const bytes = inlineScenarioBytes(scenario, files);
  if (scenario === undefined) return { bytes, seed, scenario: undefined, problems: undefined };
  try {
    return { bytes, seed, scenario: loadScenario(scenario as string | ScenarioFile, files), problems: undefined };
  } catch (error) {
    if (!(error instanceof ScenarioError)) throw error;
    return { bytes, seed, scenario: undefined, problems: error.problems };
  }
}
