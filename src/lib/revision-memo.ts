/** The values made at one revision of their owner, by two keys, and their characters in all. */
interface Kept<Outer, Inner, V> {
  revision: number;
  chars: number;
  values: Map<Outer, Map<Inner, V>>;
}

/**
 * Values (pages) derived from an owner's records (a store), kept by two keys while the owner's revision stays
 * the same and `isValid` says so. A new revision drops them all; so does going past `maxChars` characters in
 * all, so that a peer asking for every variant cannot make the memo grow.
 */
export class RevisionMemo<Outer, Inner, V> {
  readonly #kept = new WeakMap<object, Kept<Outer, Inner, V>>();

  constructor(
    readonly maxChars: number,
    private readonly charsOf: (value: V) => number,
  ) {}

  get(owner: object, revision: number, outer: Outer, inner: Inner, isValid: (value: V) => boolean, make: () => V): V {
    let kept = this.#kept.get(owner);
    if (kept === undefined || kept.revision !== revision || kept.chars > this.maxChars) {
      this.#kept.set(owner, (kept = { revision, chars: 0, values: new Map() }));
    }
    let values = kept.values.get(outer);
    if (values === undefined) kept.values.set(outer, (values = new Map()));
    const last = values.get(inner);
    if (last !== undefined && isValid(last)) return last;
    const value = make();
    values.set(inner, value);
    kept.chars += this.charsOf(value) - (last === undefined ? 0 : this.charsOf(last));
    return value;
  }
}
