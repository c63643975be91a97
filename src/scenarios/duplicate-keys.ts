import { toJsonPointer } from './describe-issue.js';
import { COLLECTIONS, MERGE_KEYS } from './merge-scenario-layers.js';
import type { ScenarioProblem } from './scenario-error.js';
import type { ScenarioFile, SeedFile } from './scenario-schema.js';

/**
 * Entities of one file that share the key they merge by (`id`; `name` for providers, `key` for API keys). Across
 * files the same key overlays an entity; inside one file the second would silently overwrite fields of the first.
 */
export function findDuplicateKeys(file: string, data: ScenarioFile | SeedFile): ScenarioProblem[] {
  const problems: ScenarioProblem[] = [];
  for (const collection of COLLECTIONS) {
    const keyField = MERGE_KEYS[collection];
    const firstIndex = new Map<string, number>();
    const entities = (data[collection] ?? []) as Array<Record<string, unknown>>;
    entities.forEach((entity, index) => {
      const key = String(entity[keyField]);
      const first = firstIndex.get(key);
      if (first === undefined) return void firstIndex.set(key, index);
      problems.push({
        file,
        path: toJsonPointer([collection, index, keyField]),
        message:
          `duplicate ${keyField} ${JSON.stringify(key)}, already used by ${toJsonPointer([collection, first])}; ` +
          `give it another ${keyField}, or merge the two into one entry`,
      });
    });
  }
  return problems;
}
