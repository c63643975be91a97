import type { Collection } from '@msw/data';
import type { Store } from './store.js';

type Collections = Store['collections'];

/** `all()` gives a copy of its list. Records are frozen. */
export type ReadOnlyCollection<C extends Collection<any>> = Pick<C, 'findFirst' | 'findMany' | 'count' | 'all'>;

/**
 * For reading in tests; writes go through the API and the sandbox's methods, which keep the indexes in step.
 * @msw/data 1.x applies `take`/`skip` before `orderBy`: sort the result yourself first.
 */
export type SandboxDb = { readonly [Name in keyof Collections]: ReadOnlyCollection<Collections[Name]> };

/** Reads `current()` at each call, so it follows a reset or a restore. */
export function sandboxDb(current: () => Collections): SandboxDb {
  const view = <Name extends keyof Collections>(name: Name): ReadOnlyCollection<Collections[Name]> => {
    const collection = () => current()[name] as Collection<any>;
    return {
      findFirst: ((...args: unknown[]) => (collection().findFirst as (...a: unknown[]) => unknown)(...args)) as Collections[Name]['findFirst'],
      findMany: ((...args: unknown[]) => (collection().findMany as (...a: unknown[]) => unknown)(...args)) as Collections[Name]['findMany'],
      count: () => collection().count(),
      all: (() => [...collection().all()]) as Collections[Name]['all'],
    };
  };
  return Object.freeze(Object.fromEntries(Object.keys(current()).map((name) => [name, view(name as keyof Collections)])) as SandboxDb);
}
