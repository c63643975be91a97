import { Collection } from '@msw/data';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { buildStore } from '../../src/domain/build-store.js';
import { listScenarios, loadScenario } from '../../src/scenarios/load-scenario.js';
import { adoptRecords, CheckedValues, replaceRecord } from '../../src/state/collection-records.js';
import { recordSchemas } from '../../src/state/records.js';
import { SeededRandom } from '../../src/state/seeded-random.js';

const schema = z.object({ id: z.string(), left: z.int() });

/** The store relies on @msw/data's all() giving the collection's own list of its very records. */
describe('adoptRecords', () => {
  it('puts the records of one collection into another, where queries, updates and deletes find them', async () => {
    const original = new Collection({ schema });
    await original.create({ id: 'a', left: 5 });
    await original.create({ id: 'b', left: 7 });
    const copy = new Collection({ schema });
    adoptRecords(copy, original.all());

    expect(copy.count()).toBe(2);
    expect(copy.findFirst((q) => q.where({ id: 'b' }))).toBe(original.all()[1]);
    await copy.update((q) => q.where({ id: 'a' }), { data: (record) => void (record.left = 4) });
    expect(copy.findFirst((q) => q.where({ id: 'a' }))?.left).toBe(4);
    expect(original.findFirst((q) => q.where({ id: 'a' }))?.left).toBe(5);
    copy.delete((q) => q.where({ id: 'b' }));
    expect(copy.count()).toBe(1);
    expect(original.count()).toBe(2);
  });

  it('fills an empty collection only', async () => {
    const collection = new Collection({ schema });
    await collection.create({ id: 'a', left: 1 });
    expect(() => adoptRecords(collection, [])).toThrow('adoptRecords fills an empty collection only');
  });
});

describe('replaceRecord', () => {
  it('puts a validated record of the new values where the old one was, which queries then find', async () => {
    const collection = new Collection({ schema });
    await collection.create({ id: 'a', left: 5 });
    const b = await collection.create({ id: 'b', left: 7 });
    await collection.create({ id: 'c', left: 9 });

    const next = await replaceRecord(collection, b, { ...b, left: 6 });
    expect(collection.all().map(({ id, left }) => `${id}${left}`)).toEqual(['a5', 'b6', 'c9']);
    expect(collection.findFirst((q) => q.where({ id: 'b' }))).toBe(next);
    expect(b.left).toBe(7);
    await expect(replaceRecord(collection, b, { id: 'b', left: 'x' })).rejects.toThrow();
    expect(collection.count()).toBe(3);
  });

  it('refuses a record that is not in the collection', async () => {
    const collection = new Collection({ schema });
    const elsewhere = await new Collection({ schema }).create({ id: 'z', left: 1 });
    await expect(replaceRecord(collection, elsewhere, { id: 'z', left: 0 })).rejects.toThrow('replaceRecord: the record to replace is not in the collection');
  });
});

describe('a collection schema that takes checked values as they are', () => {
  it('validates every create, and only the one run through trusted skips it, as @msw/data validates before its first await', async () => {
    // @msw/data prints the issues of a refused record before it throws.
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {});
    const checked = new CheckedValues();
    const collection = new Collection({ schema: checked.schema(() => schema) });
    await expect(collection.create({ id: 'a', left: 1.5 })).rejects.toThrow('does not match the schema');

    const trusted = checked.trusted(() => collection.create({ id: 'b', left: 1.5 }));
    // Started before the trusted one settles: the switch is off again for it.
    const next = collection.create({ id: 'c', left: 2.5 });
    expect(await trusted).toEqual({ id: 'b', left: 1.5 });
    await expect(next).rejects.toThrow('does not match the schema');
    await expect(collection.create({ id: 'd', left: 0.5 })).rejects.toThrow('does not match the schema');
    expect(collection.all().map(({ id }) => id)).toEqual(['b']);
    expect(printed).toHaveBeenCalledTimes(3);
    printed.mockRestore();
  });

  it('makes its zod schema at the first record it checks, not before', async () => {
    let made = 0;
    const checked = new CheckedValues();
    const collection = new Collection({ schema: checked.schema(() => (made++, schema)) });
    await checked.trusted(() => collection.create({ id: 'a', left: 1 }));
    expect(made).toBe(0);
    await collection.create({ id: 'b', left: 2 });
    expect(made).toBe(1);
  });

  it.each(listScenarios().map(({ name }) => name))(
    'holds the records built from scenario %s as its collections would have validated them: same values, same keys, same order',
    async (name) => {
      const scenario = loadScenario(name);
      const store = await buildStore(scenario, new SeededRandom(scenario.seed));
      const schemas = recordSchemas();
      for (const [collection, records] of Object.entries(store.snapshot().records)) {
        const shape: z.ZodType = schemas[collection as keyof typeof schemas];
        for (const record of records) {
          const validated = shape.parse(record);
          expect(validated).toStrictEqual({ ...record });
          expect(JSON.stringify(validated)).toBe(JSON.stringify(record));
        }
      }
    },
  );
});
