import { Collection } from '@msw/data';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { adoptRecords, replaceRecord } from '../../src/state/collection-records.js';

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
