import type { Collection } from '@msw/data';
import type { z } from 'zod';

/**
 * How the store's records go into @msw/data collections where @msw/data's own methods are slower or do not do
 * it: records frozen, a schema that takes values already checked as they are, and two writes through `all()`,
 * which gives the collection's own list with the very records it holds, by design (@msw/data keeps the
 * references so that records can be used in queries); test/unit/collection-records.test.ts keeps that so.
 */

type RecordOf<C extends Collection<any>> = ReturnType<C['all']>[number];

/**
 * Puts records that a collection of the same schema made into an empty `collection`, as they are. `create`
 * would validate and walk each one again (~220 µs a product record of the catalogue, measured), which made
 * restoring a snapshot barely cheaper than building the state anew; these records passed that validation
 * when they were first created, and are never changed in place (they are frozen), so two collections can
 * share them.
 */
export function adoptRecords<C extends Collection<any>>(collection: C, records: readonly RecordOf<C>[]): void {
  const own = collection.all() as unknown[];
  if (own.length > 0) throw new Error('adoptRecords fills an empty collection only');
  for (const record of records) own.push(record);
}

/**
 * Replaces `previous` with a record of `next`'s values, validated by `create`, at the same place in the
 * collection, so that its order (a catalogue's) stays. Not `update`: it drafts the record with a
 * `structuredClone`, whose objects under jest come from Node's own realm, not the test's, and mutative then
 * refuses them as not plain ("create() only supports plain objects"): every update failed in a jest test.
 */
export async function replaceRecord<C extends Collection<any>>(collection: C, previous: RecordOf<C>, next: object): Promise<RecordOf<C>> {
  const created = (await collection.create(next)) as RecordOf<C>;
  const own = collection.all() as unknown[];
  own.splice(own.lastIndexOf(created), 1);
  const at = own.indexOf(previous);
  if (at === -1) throw new Error('replaceRecord: the record to replace is not in the collection');
  own[at] = created;
  return created;
}

/**
 * Freezes a record and the objects and arrays it holds (an order's eSIMs, a product's tiers). Records are
 * shared: by the indexes, by snapshots, and by `sandbox.db` readers; a change must go through the store,
 * whose collection update replaces the record, so none of them sees it change under it.
 */
export function freezeRecord<T extends object>(record: T): T {
  for (const value of Object.values(record)) if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) freezeRecord(value);
  return Object.freeze(record);
}

/**
 * A store's switch for values already checked (`trusted`), and the schemas of its collections as @msw/data calls
 * them (Standard Schema): each the zod schema of a collection's records, made at the first record it checks.
 */
export class CheckedValues {
  #trusting = false;

  /** The schema of a collection whose records `schema()` describes, which takes values as they are while `trusted` runs. */
  schema<S extends z.ZodType>(schema: () => S): { readonly '~standard': Pick<S['~standard'], 'version' | 'vendor' | 'validate' | 'types'> } {
    const validate = (value: unknown) => (this.#trusting ? { value: value as z.output<S> } : schema()['~standard'].validate(value));
    return { '~standard': { version: 1, vendor: 'zod', validate } };
  }

  /**
   * Runs `create`, a collection's `create` of values already checked (a record the store builds from a scenario
   * the loader checked), with the schemas taking them as they are: checking them again cost ~6 ms of a `serve`
   * before its first answer. @msw/data validates within the synchronous part of `create`, before its first
   * `await`, so the switch is off again before anything else runs (test/unit/collection-records.test.ts holds it to that).
   */
  trusted<T>(create: () => T): T {
    this.#trusting = true;
    try {
      return create();
    } finally {
      this.#trusting = false;
    }
  }
}
