import { Collection } from '@msw/data';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { buildStore } from '../../src/domain/build-store.js';
import { listScenarios, loadScenario } from '../../src/scenarios/load-scenario.js';
import { recordSchemas } from '../../src/state/records.js';
import { RecordSchema } from '../../src/state/record-schema.js';
import { SeededRandom } from '../../src/state/seeded-random.js';

const shape = z.object({ id: z.string(), left: z.int() });

describe('a collection schema that takes checked values as they are', () => {
  it('validates every create, and only the one run through trusted skips it, as @msw/data validates before its first await', async () => {
    // @msw/data prints the issues of a refused record before it throws.
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {});
    const schema = new RecordSchema(() => shape);
    const collection = new Collection({ schema });
    await expect(collection.create({ id: 'a', left: 1.5 })).rejects.toThrow('does not match the schema');

    const trusted = schema.trusted(() => collection.create({ id: 'b', left: 1.5 }));
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
    const schema = new RecordSchema(() => (made++, shape));
    const collection = new Collection({ schema });
    await schema.trusted(() => collection.create({ id: 'a', left: 1 }));
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
        const schema: z.ZodType = schemas[collection as keyof typeof schemas];
        for (const record of records) {
          const validated = schema.parse(record);
          expect(validated).toStrictEqual({ ...record });
          expect(JSON.stringify(validated)).toBe(JSON.stringify(record));
        }
      }
    },
  );
});
