import type { Collection } from '@msw/data';
import type { z } from 'zod';

/*
 * Where @msw/data's own methods are slower or wrong. The writes go through `all()`, which gives the collection's
 * own list by design (test/unit/collection-records.test.ts keeps that so).
 */

type RecordOf<C extends Collection<any>> = ReturnType<C['all']>[number];

/**
 * `create` would validate each record again (~220 µs a catalogue product, measured), making a restore barely
 * cheaper than a fresh build; these passed validation once and are frozen, so two collections can share them.
 */
export function adoptRecords<C extends Collection<any>>(collection: C, records: readonly RecordOf<C>[]): void {
  const own = collection.all() as unknown[];
  if (own.length > 0) throw new Error('adoptRecords fills an empty collection only');
  for (const record of records) own.push(record);
}

/**
 * In place, so a catalogue's order stays. Not `update`: its `structuredClone` draft under jest comes from Node's
 * realm, which mutative refuses ("create() only supports plain objects"): every update failed in a jest test.
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

/** Deeply: records are shared by the indexes, snapshots and `sandbox.db` readers; the store replaces, never changes. */
export function freezeRecord<T extends object>(record: T): T {
  for (const value of Object.values(record)) if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) freezeRecord(value);
  return Object.freeze(record);
}

/** A store's switch for values already checked, and its collections' Standard Schemas, made at the first check. */
export class CheckedValues {
  #trusting = false;

  schema<S extends z.ZodType>(schema: () => S): { readonly '~standard': Pick<S['~standard'], 'version' | 'vendor' | 'validate' | 'types'> } {
    const validate = (value: unknown) => (this.#trusting ? { value: value as z.output<S> } : schema()['~standard'].validate(value));
    return { '~standard': { version: 1, vendor: 'zod', validate } };
  }

  /**
   * Checking a loaded scenario's records again cost ~6 ms before `serve`'s first answer. @msw/data validates before
   * the first `await` of `create`, so the switch is off before anything else runs (collection-records.test.ts).
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
