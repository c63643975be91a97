import { toJsonPointer } from './describe-issue.js';
import type { ScenarioProblem } from './scenario-error.js';
import type { ScenarioFile, SeedFile } from './scenario-schema.js';

export interface Origin {
  file: string;
  pointer: string;
}

/** An entity as the files so far made it, remembering which file wrote it first and which wrote each field last. */
export interface TrackedEntity {
  value: Record<string, unknown>;
  origin: Origin;
  fieldOrigins: Map<string, Origin>;
}

const MERGE_KEYS = {
  providers: 'name',
  products: 'id',
  accounts: 'id',
  apiKeys: 'key',
  payments: 'id',
  orders: 'id',
} as const;

export type Collection = keyof typeof MERGE_KEYS;
export const COLLECTIONS = Object.keys(MERGE_KEYS) as Collection[];

/** The merge of all layers so far; values are still as the files wrote them (defaults are filled in at the end). */
export interface MergedScenario {
  entities: Record<Collection, Map<string, TrackedEntity>>;
  behavior: Record<string, unknown>;
  clock: Record<string, unknown>;
  readiness: Record<string, unknown>;
  seed: number | undefined;
  faults: unknown[];
  chaos: unknown;
}

/** A scenario file's `extends` and `seeds` are layers of their own. */
export type ScenarioLayer =
  | { kind: 'seed'; file: string; data: SeedFile }
  | { kind: 'scenario'; file: string; data: ScenarioFile };

export function emptyMergedScenario(): MergedScenario {
  const entities = Object.fromEntries(COLLECTIONS.map((collection) => [collection, new Map()]));
  return { entities: entities as MergedScenario['entities'], behavior: {}, clock: {}, readiness: {}, seed: undefined, faults: [], chaos: null };
}

/** Across files the same key overlays an entity; inside one file the second would silently overwrite the first. */
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

/**
 * Entities shallow-merge by key (a field given replaces whole); `behavior`, `clock` and `readiness` merge one level
 * deep; `inventory` sets the products known at this point. Returns problems of `inventory` keys naming no product.
 */
export function mergeLayer(merged: MergedScenario, layer: ScenarioLayer): ScenarioProblem[] {
  const { file, data } = layer;
  for (const collection of COLLECTIONS) {
    const keyField = MERGE_KEYS[collection];
    const entities = (data[collection] ?? []) as Array<Record<string, unknown>>;
    entities.forEach((entity, index) => {
      const pointer = `/${collection}/${index}`;
      const key = String(entity[keyField]);
      const existing = merged.entities[collection].get(key);
      const tracked = existing ?? { value: {}, origin: { file, pointer }, fieldOrigins: new Map() };
      tracked.value = { ...tracked.value, ...entity };
      for (const field of Object.keys(entity)) tracked.fieldOrigins.set(field, { file, pointer: `${pointer}${toJsonPointer([field])}` });
      merged.entities[collection].set(key, tracked);
    });
  }
  if (layer.kind === 'seed') return [];
  const scenario = layer.data;
  merged.behavior = mergeFields(merged.behavior, scenario.behavior ?? {});
  merged.clock = mergeFields(merged.clock, scenario.clock ?? {});
  merged.readiness = mergeFields(merged.readiness, scenario.readiness ?? {});
  if (scenario.seed !== undefined) merged.seed = scenario.seed;
  if (scenario.faults !== undefined) merged.faults = scenario.faults;
  if (scenario.chaos !== undefined) merged.chaos = scenario.chaos;
  return scenario.inventory ? applyInventory(merged, file, scenario.inventory) : [];
}

function applyInventory(merged: MergedScenario, file: string, inventory: Record<string, number>): ScenarioProblem[] {
  const products = merged.entities.products;
  const problems: ScenarioProblem[] = [];
  const setInventory = (product: TrackedEntity, key: string, count: number) => {
    product.value = { ...product.value, inventory: count };
    product.fieldOrigins.set('inventory', { file, pointer: toJsonPointer(['inventory', key]) });
  };
  const all = inventory['*'];
  if (all !== undefined) for (const product of products.values()) setInventory(product, '*', all);
  for (const [productId, count] of Object.entries(inventory)) {
    if (productId === '*') continue;
    const product = products.get(productId);
    if (product) setInventory(product, productId, count);
    else problems.push({ file, path: toJsonPointer(['inventory', productId]), message: `no product with id "${productId}"` });
  }
  return problems;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function mergeFields(base: Record<string, unknown>, overlay: Record<string, unknown>): Record<string, unknown> {
  const result = { ...base };
  for (const [field, value] of Object.entries(overlay)) {
    const current = result[field];
    result[field] = isPlainObject(current) && isPlainObject(value) ? { ...current, ...value } : value;
  }
  return result;
}

/** The file that last wrote the field, else the one that introduced the entity. */
export function locateInEntity(entity: TrackedEntity, path: readonly PropertyKey[]): Origin {
  const [field, ...rest] = path;
  const fieldOrigin = field === undefined ? undefined : entity.fieldOrigins.get(String(field));
  if (fieldOrigin) return { file: fieldOrigin.file, pointer: fieldOrigin.pointer + toJsonPointer(rest) };
  return { file: entity.origin.file, pointer: entity.origin.pointer + toJsonPointer(path) };
}
