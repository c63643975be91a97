/**
 * For the last few texts: an answer sent again is often the very same string, and comparing it is a pointer
 * check or one pass, cheaper than encoding or searching it again. Texts over `maxLength` are not kept.
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
