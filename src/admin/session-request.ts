import { receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import { z } from 'zod';
import { everyProblem, parseInput } from '../api/parse-input.js';
import { parseJsonText } from '../api/read-json-body.js';
import { nextTurn } from '../lib/next-turn.js';
import { loadScenario } from '../scenarios/load-scenario.js';
import { ScenarioError, type ScenarioProblem } from '../scenarios/scenario-error.js';
import type { ScenarioFileAccess } from '../scenarios/scenario-file-access.js';
import type { ResolvedScenario, ScenarioFile } from '../scenarios/scenario-schema.js';
import { ADMIN_BODY } from './admin-body.js';
import { inlineScenarioBytes, scenarioNameSchema } from './requested-scenario.js';

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
  problems: ScenarioProblem[] | undefined;
}

/** A refusal of the body is thrown (an `ApiError`); the scenario's problems are returned. */
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

/**
 * Entities of a resolved scenario sent in one message: a message is copied onto the receiving thread in one
 * piece (~60 ms for the 13,400 products of a 7.6 MB scenario, ~150 ms on a busy machine, every other request
 * waiting); 500 products take a few ms.
 */
const ITEMS_PER_PIECE = 500;

/** Posts the long lists of `scenario` to `port` in pieces, and returns the scenario with those lists empty. */
export function sendInPieces(scenario: ResolvedScenario, port: MessagePort): ResolvedScenario {
  const shell: Record<string, unknown> = { ...scenario };
  for (const [key, value] of Object.entries(scenario)) {
    if (!Array.isArray(value) || value.length <= ITEMS_PER_PIECE) continue;
    shell[key] = [];
    for (let start = 0; start < value.length; start += ITEMS_PER_PIECE) {
      port.postMessage({ key, items: value.slice(start, start + ITEMS_PER_PIECE) });
    }
  }
  return shell as unknown as ResolvedScenario;
}

/** One piece a turn of the event loop; every piece must have been posted already. */
export async function receivePieces(shell: ResolvedScenario, port: MessagePort): Promise<ResolvedScenario> {
  const lists = shell as unknown as Record<string, unknown[]>;
  for (let received = receiveMessageOnPort(port); received; received = receiveMessageOnPort(port)) {
    const { key, items } = received.message as { key: string; items: unknown[] };
    lists[key]!.push(...items);
    await nextTurn();
  }
  port.close();
  return shell;
}
