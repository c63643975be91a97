/**
 * Freezes a record and the objects and arrays it holds (an order's eSIMs, a product's tiers). Records are
 * shared: by the indexes, by snapshots, and by `sandbox.db` readers; a change must go through the store,
 * whose collection update replaces the record, so none of them sees it change under it.
 */
export function freezeRecord<T extends object>(record: T): T {
  for (const value of Object.values(record)) if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) freezeRecord(value);
  return Object.freeze(record);
}
