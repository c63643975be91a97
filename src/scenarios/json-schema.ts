import { z } from 'zod';
import { scenarioSchemas } from './scenario-schema.js';

/**
 * `io: 'input'`: fields with a default are optional in a file. `draft-07`: the draft editors support most widely.
 * `unrepresentable: 'throw'` fails instead of accepting anything. Checks run as code are left to the loader.
 */
const GENERATION_OPTIONS = { io: 'input', target: 'draft-07', unrepresentable: 'throw' } as const;

/** JSON Schema of a scenario file (`scenarios/*.json`, or a file of one's own), from the schema the loader validates with. */
function scenarioJsonSchema(): Record<string, unknown> {
  return publish(scenarioSchemas().scenarioFile, {
    title: 'esim-wholesale-sandbox scenario',
    description:
      'A scenario of the eSIM wholesale sandbox: its name and description, the scenario it extends, the seed files it builds on, ' +
      'clock, behaviour switches and the entities it adds or changes. Entities merge by id (API keys by key, providers by name).',
  });
}

/** JSON Schema of a seed file (`seeds/*.json`): base data that scenarios list in `seeds`. */
function seedJsonSchema(): Record<string, unknown> {
  return publish(scenarioSchemas().seedFile, {
    title: 'esim-wholesale-sandbox seed data',
    description: 'Base data that scenarios build on: providers, products, accounts, API keys, payments and orders.',
  });
}

/** The published files, at the package root, and what each holds. */
export const PUBLISHED_JSON_SCHEMAS = [
  { fileName: 'scenario.schema.json', generate: scenarioJsonSchema },
  { fileName: 'seed.schema.json', generate: seedJsonSchema },
] as const;

export function jsonSchemaText(schema: Record<string, unknown>): string {
  return `${JSON.stringify(schema, null, 2)}\n`;
}

function publish(schema: z.ZodType, heading: { title: string; description: string }): Record<string, unknown> {
  const { $schema, ...rest } = z.toJSONSchema(schema, GENERATION_OPTIONS);
  return { $schema, ...heading, ...rest };
}
