import { z } from 'zod';
import type { ScenarioFile } from '../scenarios/scenario-schema.js';
import type { Sandbox } from '../types.js';
import type { AdminRoute } from './admin-route.js';
import { parseInput } from './validation.js';

const useScenarioBody = z
  .strictObject({
    name: z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9-]*$/,
        'expected the kebab-case name of a built-in scenario (send a custom one inline as "scenario")',
      )
      .optional(),
    scenario: z.record(z.string(), z.json()).optional(),
  })
  .refine((body) => (body.name === undefined) !== (body.scenario === undefined), {
    message: 'expected exactly one of "name" (a built-in scenario) or "scenario" (an inline scenario object)',
  });

export const scenarioRoutes: AdminRoute[] = [
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
    handle: async ({ sandbox, body }) => {
      const { name, scenario } = parseInput(useScenarioBody, await body());
      await sandbox.useScenario(name ?? (scenario as ScenarioFile));
      return loadedScenario(sandbox);
    },
  },
];

function loadedScenario(sandbox: Sandbox) {
  return { scenario: sandbox.scenario.name, description: sandbox.scenario.description, now: sandbox.now() };
}
