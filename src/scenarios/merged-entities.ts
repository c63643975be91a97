import type { z } from 'zod';
import { validate } from './describe-issue.js';
import { COLLECTIONS, locateInEntity, type Collection, type MergedScenario, type TrackedEntity } from './merge-scenario-layers.js';
import type { ScenarioProblem } from './scenario-error.js';
import { scenarioSchemas } from './scenario-schema.js';

function completeSchemas() {
  const { provider, product, account, apiKey, paymentSeed, orderSeed } = scenarioSchemas();
  return { providers: provider, products: product, accounts: account, apiKeys: apiKey, payments: paymentSeed, orders: orderSeed } satisfies Record<Collection, z.ZodType>;
}

export type CompleteEntities = { [C in Collection]: Array<z.output<ReturnType<typeof completeSchemas>[C]>> };

/** A problem names the file that last wrote the field, or, for a missing field, the one that introduced the entity. */
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

/** Reads the merged values as written, so it also reports references of entities that are otherwise invalid. */
export function checkReferences(merged: MergedScenario): ScenarioProblem[] {
  const problems: ScenarioProblem[] = [];
  const { entities } = merged;
  const report = (entity: TrackedEntity, path: PropertyKey[], message: string) => {
    const origin = locateInEntity(entity, path);
    problems.push({ file: origin.file, path: origin.pointer, message });
  };
  const checkField = (collection: Collection, field: string, target: Collection, describe: (value: string) => string) => {
    for (const entity of entities[collection].values()) {
      const value = entity.value[field];
      if (typeof value === 'string' && !entities[target].has(value)) report(entity, [field], describe(value));
    }
  };

  const noAccount = (id: string) => `no account with id "${id}"`;
  const noProduct = (id: string) => `no product with id "${id}"`;
  checkField('apiKeys', 'accountId', 'accounts', noAccount);
  checkField('payments', 'accountId', 'accounts', noAccount);
  checkField('orders', 'accountId', 'accounts', noAccount);
  checkField('orders', 'productId', 'products', noProduct);
  const providerNames = [...entities.providers.keys()].join(', ') || '(none)';
  checkField('products', 'provider', 'providers', (name) => `no provider "${name}"; providers: ${providerNames}`);

  for (const account of entities.accounts.values()) {
    const overrides = account.value['tierOverrides'];
    if (typeof overrides !== 'object' || overrides === null) continue;
    for (const productId of Object.keys(overrides)) {
      if (!entities.products.has(productId)) report(account, ['tierOverrides', productId], noProduct(productId));
    }
  }
  return problems;
}
