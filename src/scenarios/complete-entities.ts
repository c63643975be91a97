import type { z } from 'zod';
import { validate } from './describe-issue.js';
import { COLLECTIONS, locateInEntity, type Collection, type MergedScenario } from './merge-scenario-layers.js';
import type { ScenarioProblem } from './scenario-error.js';
import { scenarioSchemas } from './scenario-schema.js';

/** The schema of each collection's complete entities. */
function completeSchemas() {
  const { provider, product, account, apiKey, paymentSeed, orderSeed } = scenarioSchemas();
  return { providers: provider, products: product, accounts: account, apiKeys: apiKey, payments: paymentSeed, orders: orderSeed } satisfies Record<Collection, z.ZodType>;
}

export type CompleteEntities = { [C in Collection]: Array<z.output<ReturnType<typeof completeSchemas>[C]>> };

/**
 * Validates every merged entity against its complete schema and fills in the defaults. A problem names the
 * file that last wrote the field at fault, or, for a missing field, the file that introduced the entity.
 */
export function completeEntities(merged: MergedScenario): { entities: CompleteEntities; problems: ScenarioProblem[] } {
  const problems: ScenarioProblem[] = [];
  const entities = {} as Record<Collection, unknown[]>;
  const schemas = completeSchemas();
  for (const collection of COLLECTIONS) {
    entities[collection] = [];
    for (const tracked of merged.entities[collection].values()) {
      const result = validate(schemas[collection], tracked.value);
      if (result.success) {
        entities[collection].push(result.data);
        continue;
      }
      for (const problem of result.problems) {
        const origin = locateInEntity(tracked, problem.segments);
        problems.push({ file: origin.file, path: origin.pointer, message: problem.message });
      }
    }
  }
  return { entities: entities as CompleteEntities, problems };
}
