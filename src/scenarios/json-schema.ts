import { z } from 'zod';
import { scenarioSchemas } from './scenario-schema.js';

/**
 * How the zod schemas become the published JSON Schemas:
 * - `io: 'input'`: a file is the schema's input, so fields with a default are optional in it.
 * - `target: 'draft-07'`: the draft that editors and validators support most widely; nothing here needs a later one.
 * - `unrepresentable: 'throw'`: a field JSON Schema cannot describe fails the generation instead of accepting anything.
 * Checks zod runs as code (a tier at 0 in every tier list, references between entities) are left to the loader.
 */
const GENERATION_OPTIONS = { io: 'input', target: 'draft-07', unrepresentable: 'throw' } as const;

/** JSON Schema of a scenario file (`scenarios/*.json`, or a file of one's own), from the schema the loader validates with. */
export function scenarioJsonSchema(): Record<string, unknown> {
  return publish(scenarioSchemas().scenarioFile, {
    title: 'esim-wholesale-sandbox scenario',
    description:
      'A scenario of the eSIM wholesale sandbox: its name and description, the scenario it extends, the seed files it builds on, ' +
      'clock, behaviour switches and the entities it adds or changes. Entities merge by id (API keys by key, providers by name).',
  });
}

/** JSON Schema of a seed file (`seeds/*.json`): base data that scenarios list in `seeds`. */
export function seedJsonSchema(): Record<string, unknown> {
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

/** The text of a published schema file. */
export function jsonSchemaText(schema: Record<string, unknown>): string {
  return `${JSON.stringify(schema, null, 2)}\n`;
}

function publish(schema: z.ZodType, heading: { title: string; description: string }): Record<string, unknown> {
  const { $schema, ...rest } = z.toJSONSchema(schema, GENERATION_OPTIONS);
  return { $schema, ...heading, ...rest };
}
