/**
 * Values made from a list of texts (a page joined from rendered items), kept while the very same texts come
 * again in the same order: the items' texts are kept by their caches, so an unchanged page is a list of the
 * same strings, and comparing them is one pointer check each. Only lists of at most `maxLength` characters in
 * all are kept, and past `maxKept` characters in all the memo starts afresh, so a peer that asks for many
 * different pages cannot make it grow.
 */
export class PartsMemo<T> {
  /** The entries whose list starts with a given text. */
  readonly #byFirst = new Map<string, { parts: readonly string[]; value: T }[]>();
  #kept = 0;

  constructor(
    readonly maxLength: number,
    readonly maxKept: number,
  ) {}

  get(parts: readonly string[], make: () => T): T {
    let length = 0;
    for (const part of parts) length += part.length;
    if (parts.length === 0 || length > this.maxLength) return make();
    const entries = this.#byFirst.get(parts[0]!);
    const found = entries?.find((entry) => sameParts(entry.parts, parts));
    if (found) return found.value;
    const value = make();
    if (this.#kept + length > this.maxKept) this.clear();
    const entry = { parts: [...parts], value };
    if (entries && this.#kept > 0) entries.push(entry);
    else this.#byFirst.set(parts[0]!, [entry]);
    this.#kept += length;
    return value;
  }

  clear(): void {
    this.#byFirst.clear();
    this.#kept = 0;
  }
}

function sameParts(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
