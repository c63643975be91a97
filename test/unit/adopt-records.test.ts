import { Collection } from '@msw/data';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { adoptRecords } from '../../src/state/adopt-records.js';

const schema = z.object({ id: z.string(), left: z.int() });

/** Restoring a snapshot relies on @msw/data's all() giving the collection's own list of its very records. */
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
