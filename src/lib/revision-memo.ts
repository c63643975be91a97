/**
 * Pages derived from one owner's records, kept while its revision stays and `isValid` says so. Past `maxChars`
 * all are dropped too, so that a peer asking for every variant cannot make the memo grow.
 */
export class RevisionMemo<Outer, Inner, V> {
  #revision = Number.NaN;
  #chars = 0;
  readonly #values = new Map<Outer, Map<Inner, V>>();

  constructor(
    readonly maxChars: number,
    private readonly charsOf: (value: V) => number,
  ) {}

  get(revision: number, outer: Outer, inner: Inner, isValid: (value: V) => boolean, make: () => V): V {
    if (this.#revision !== revision || this.#chars > this.maxChars) {
      this.#values.clear();
      this.#chars = 0;
      this.#revision = revision;
    }
    let values = this.#values.get(outer);
    if (values === undefined) this.#values.set(outer, (values = new Map()));
    const last = values.get(inner);
    if (last !== undefined && isValid(last)) return last;
    const value = make();
    values.set(inner, value);
    this.#chars += this.charsOf(value) - (last === undefined ? 0 : this.charsOf(last));
    return value;
  }
}
