import type { Collection } from '@msw/data';

/**
 * Two writes of records that @msw/data's own methods do slower or not at all, both through `all()`, which
 * gives the collection's own list with the very records it holds, by design (@msw/data keeps the references
 * so that records can be used in queries); test/unit/collection-records.test.ts keeps that so.
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
