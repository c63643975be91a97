import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Ajv, type ErrorObject } from 'ajv';
import { describe, expect, it } from 'vitest';
import { PUBLISHED_JSON_SCHEMAS, jsonSchemaText } from '../../src/scenarios/json-schema.js';
import { projectRoot, scenariosDir, seedsDir } from '../../src/scenarios/load-scenario.js';
import { scenarioSchemas } from '../../src/scenarios/scenario-schema.js';

const PRODUCT_ID = 'efd8480e-2903-458b-8ce3-156f0418df70';

function readPublished(fileName: string): string {
  const file = path.join(projectRoot, fileName);
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
}

// Ajv's default class implements draft-07, the draft the schemas are published in. `strict` makes it refuse a
// schema with unknown keywords or contradictory types; formats are left unchecked because zod writes the
// equivalent `pattern` next to every `format`, and that pattern is what the loader checks.
const ajv = new Ajv({ strict: true, allErrors: true, validateFormats: false });
const validateScenario = ajv.compile(JSON.parse(readPublished('scenario.schema.json')));
const validateSeed = ajv.compile(JSON.parse(readPublished('seed.schema.json')));

function errorsOf(validate: typeof validateScenario, data: unknown): Array<Pick<ErrorObject, 'instancePath' | 'keyword'>> {
  validate(data);
  return (validate.errors ?? []).map(({ instancePath, keyword }) => ({ instancePath, keyword }));
}

function jsonFiles(dir: string): string[] {
  return readdirSync(dir).filter((entry) => entry.endsWith('.json')).sort();
}

describe('the published JSON Schemas', () => {
  it.each(PUBLISHED_JSON_SCHEMAS.map(({ fileName, generate }) => [fileName, generate] as const))(
    '%s is the one generated from the zod schema',
    (fileName, generate) => {
      const message = `${fileName} is out of date with src/scenarios/scenario-schema.ts: run "npm run schemas" and commit it`;
      expect(readPublished(fileName), message).toBe(jsonSchemaText(generate()));
    },
  );

  it.each(jsonFiles(scenariosDir))('scenarios/%s validates against scenario.schema.json', (name) => {
    const data = JSON.parse(readFileSync(path.join(scenariosDir, name), 'utf8')) as Record<string, unknown>;
    expect(data['$schema']).toBe('../scenario.schema.json');
    expect(errorsOf(validateScenario, data)).toEqual([]);
  });

  it.each(jsonFiles(seedsDir))('seeds/%s validates against seed.schema.json', (name) => {
    const data = JSON.parse(readFileSync(path.join(seedsDir, name), 'utf8')) as Record<string, unknown>;
    expect(data['$schema']).toBe('../seed.schema.json');
    expect(errorsOf(validateSeed, data)).toEqual([]);
  });
});

describe('scenario.schema.json', () => {
  const minimal = { name: 'minimal', description: 'only the required fields' };

  it.each([
    ['only the required fields', minimal],
    ['an overlay that gives only the fields it changes', { ...minimal, extends: 'default', products: [{ id: PRODUCT_ID, inventory: 0 }] }],
    ['nullable behaviour switches', { ...minimal, behavior: { idempotencyTtlMs: null, rateLimit: { requests: 2, perMs: 1000 } } }],
    ['free-form product metadata', { ...minimal, products: [{ id: PRODUCT_ID, metadata: { data: ['15GB', 30], roaming: null } }] }],
  ])('accepts %s, as the loader does', (_title, file) => {
    expect(errorsOf(validateScenario, file)).toEqual([]);
    expect(scenarioSchemas().scenarioFile.safeParse(file).success).toBe(true);
  });

  it.each([
    ['an unknown field', { ...minimal, colour: 'red' }, [{ instancePath: '', keyword: 'additionalProperties' }]],
    ['a wrong type', { ...minimal, seed: '7' }, [{ instancePath: '/seed', keyword: 'type' }]],
    ['a missing required field', { name: 'no-description' }, [{ instancePath: '', keyword: 'required' }]],
    ['a name that is not kebab-case', { ...minimal, name: 'Low Balance' }, [{ instancePath: '/name', keyword: 'pattern' }]],
    [
      'a nested value out of range',
      { ...minimal, products: [{ id: PRODUCT_ID, inventory: -1 }] },
      [{ instancePath: '/products/0/inventory', keyword: 'minimum' }],
    ],
    [
      'an unknown behaviour switch value',
      { ...minimal, behavior: { reusedResponse: 'partial' } },
      [{ instancePath: '/behavior/reusedResponse', keyword: 'enum' }],
    ],
  ])('refuses %s, as the loader does', (_title, file, errors) => {
    expect(errorsOf(validateScenario, file)).toEqual(errors);
    expect(scenarioSchemas().scenarioFile.safeParse(file).success).toBe(false);
  });
});

describe('seed.schema.json', () => {
  it('accepts a seed file with entities only', () => {
    const seed = { description: 'one product', products: [{ id: PRODUCT_ID, inventory: 5 }] };
    expect(errorsOf(validateSeed, seed)).toEqual([]);
    expect(scenarioSchemas().seedFile.safeParse(seed).success).toBe(true);
  });

  it('refuses the fields only a scenario has', () => {
    const seed = { name: 'not-a-scenario', extends: 'default' };
    expect(errorsOf(validateSeed, seed)).toEqual([
      { instancePath: '', keyword: 'additionalProperties' },
      { instancePath: '', keyword: 'additionalProperties' },
    ]);
    expect(scenarioSchemas().seedFile.safeParse(seed).success).toBe(false);
  });
});
