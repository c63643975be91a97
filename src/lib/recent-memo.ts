/**
 * The results of a pure function of a text, for the last few texts it was asked about. An answer sent again
 * is often the very same string (a page kept whole, a balance that did not change), and a compare with it is a
 * pointer check, or one pass over two texts of the same length: cheaper than encoding or searching the text
 * again. Texts longer than `maxLength` are not kept, so the memo holds at most `size` of them.
 */
export class RecentMemo<T> {
  readonly #texts: (string | undefined)[];
  readonly #results: (T | undefined)[];
  #next = 0;

  constructor(
    size: number,
    readonly maxLength: number,
    private readonly compute: (text: string) => T,
  ) {
    this.#texts = new Array<string | undefined>(size).fill(undefined);
    this.#results = new Array<T | undefined>(size).fill(undefined);
  }

  get(text: string): T {
    for (let i = 0; i < this.#texts.length; i++) if (this.#texts[i] === text) return this.#results[i]!;
    const result = this.compute(text);
    if (text.length <= this.maxLength && this.#texts.length > 0) {
      this.#texts[this.#next] = text;
      this.#results[this.#next] = result;
      this.#next = (this.#next + 1) % this.#texts.length;
    }
    return result;
  }
}
