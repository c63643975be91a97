import type { Collection } from '@msw/data';

/**
 * Puts records that a collection of the same schema made into `collection`, as they are. `create` would
 * validate and walk each one again (~220 µs a product record of the catalogue, measured), which made
 * restoring a snapshot barely cheaper than building the state anew; these records passed that validation
 * when they were first created, and are never changed in place (an update replaces a record), so two
 * collections can share them. `all()` gives the collection's own list, with the very records it holds, by
 * design (@msw/data keeps the references so that records can be used in queries); a unit test keeps that so.
 */
export function adoptRecords<C extends Collection<any>>(collection: C, records: readonly ReturnType<C['all']>[number][]): void {
  const own = collection.all() as unknown[];
  if (own.length > 0) throw new Error('adoptRecords fills an empty collection only');
  for (const record of records) own.push(record);
}
