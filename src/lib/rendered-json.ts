/**
 * JSON text already rendered, standing for a value of type `T` (the type is carried for the compiler only):
 * a route answers it, and the envelope puts the text in as it is, instead of serializing a value again.
 */
export class RenderedJson<T> {
  declare readonly value?: T;
  #wrapped: string | undefined;

  constructor(readonly text: string) {}

  /**
   * The text of a document that carries this one (an answer's envelope), made by `wrap` at the first call and
   * given as it is after: the same value answered again gives the very same string, which the journal and the
   * HTTP writer then need not scan or encode again. `wrap` must be the same function at every call.
   */
  wrapped(wrap: (text: string) => string): string {
    return (this.#wrapped ??= wrap(this.text));
  }
}

/**
 * A list of rendered values, as JSON.stringify would write the list of the values. Lists joined from the same
 * item texts give the same `RenderedJson` from `lists` (the sandbox's own), so that a page asked for again is
 * not joined again, and its answer body is the very same string. A page of 50 orders of 100 eSIMs (1.75 MB) is
 * kept too: made afresh on each read, a client polling it left ~5 MB of garbage per read, out of the young
 * generation's reach, and a server of a million eSIMs grew by half a GiB under such reads before a full GC.
 */
export function renderedList<T>(items: readonly RenderedJson<T>[], lists: PartsMemo<RenderedJson<unknown>>): RenderedJson<T[]> {
  if (items.length === 0) return new RenderedJson('[]');
  const texts = items.map((item) => item.text);
  return lists.get(texts, () => new RenderedJson(`[${texts.join(',')}]`)) as RenderedJson<T[]>;
}

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
