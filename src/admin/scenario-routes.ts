import { z } from 'zod';
import { everyProblem, parseInput } from '../api/parse-input.js';
import { listScenarios } from '../scenarios/built-in-files.js';
import { loadScenario } from '../scenarios/load-scenario.js';
import type { ScenarioFile } from '../scenarios/scenario-schema.js';
import type { Sandbox } from '../types.js';
import type { LoadedScenarioAnswer, ScenarioListAnswer } from './admin-answers.js';
import type { AdminRoute } from './admin-route.js';
import { inlineScenarioBytes, scenarioNameSchema } from './requested-scenario.js';

const useScenarioBody = everyProblem(
  z
    .strictObject({
      name: scenarioNameSchema.optional(),
      scenario: z.record(z.string(), z.unknown()).optional(),
    })
    .refine((body) => (body.name === undefined) !== (body.scenario === undefined), {
      message:
        'expected exactly one of "name" (a built-in scenario, or a file inside a --scenario-dir) or "scenario" (an inline scenario object)',
    }),
);

const scenarios: AdminRoute<ScenarioListAnswer> = { method: 'GET', path: '/scenarios', handle: async () => listScenarios() };

export const scenarioRoutes: AdminRoute[] = [
  scenarios,
  {
    method: 'POST',
    path: '/reset',
    handle: async ({ sandbox }) => {
      await sandbox.reset();
      return loadedScenario(sandbox);
    },
  },
  {
    method: 'POST',
    path: '/scenario',
    takesBody: true,
    handle: async ({ sandbox, body, scenarioFiles }) => {
      const { name, scenario } = parseInput(useScenarioBody, await body());
      inlineScenarioBytes(scenario, scenarioFiles);
      await sandbox.useScenario(loadScenario(name ?? (scenario as ScenarioFile), scenarioFiles));
      return loadedScenario(sandbox);
    },
  },
];

function loadedScenario(sandbox: Sandbox): LoadedScenarioAnswer {
  return { scenario: sandbox.scenario.name, description: sandbox.scenario.description, now: sandbox.now() };
}
