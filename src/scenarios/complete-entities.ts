import type { z } from 'zod';
import { validate } from './describe-issue.js';
import { COLLECTIONS, locateInEntity, type Collection, type MergedScenario } from './merge-scenario-layers.js';
import type { ScenarioProblem } from './scenario-error.js';
import {
  accountSchema,
  apiKeySchema,
  orderSeedSchema,
  paymentSeedSchema,
  productSchema,
  providerSchema,
} from './scenario-schema.js';

const COMPLETE_SCHEMAS = {
  providers: providerSchema,
  products: productSchema,
  accounts: accountSchema,
  apiKeys: apiKeySchema,
  payments: paymentSeedSchema,
  orders: orderSeedSchema,
} satisfies Record<Collection, z.ZodType>;

export type CompleteEntities = { [C in Collection]: Array<z.output<(typeof COMPLETE_SCHEMAS)[C]>> };

/**
 * Validates every merged entity against its complete schema and fills in the defaults. A problem names the
 * file that last wrote the field at fault, or, for a missing field, the file that introduced the entity.
 */
export function completeEntities(merged: MergedScenario): { entities: CompleteEntities; problems: ScenarioProblem[] } {
  const problems: ScenarioProblem[] = [];
  const entities = {} as Record<Collection, unknown[]>;
  for (const collection of COLLECTIONS) {
    entities[collection] = [];
    for (const tracked of merged.entities[collection].values()) {
      const result = validate(COMPLETE_SCHEMAS[collection], tracked.value);
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
