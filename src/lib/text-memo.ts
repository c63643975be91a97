/**
 * Texts made from frozen source objects, one per variant of a source, kept as long as the source lives (a
 * WeakMap): for sources whose number the data bounds, not a peer (a scenario's products, each in the few
 * price tiers it has). A changed source is a new object, so its old texts are never given out.
 */
export class TextMemo {
  readonly #texts = new WeakMap<object, Map<string, string>>();

  get(source: object, variant: string, make: () => string): string {
    let variants = this.#texts.get(source);
    if (!variants) this.#texts.set(source, (variants = new Map()));
    let text = variants.get(variant);
    if (text === undefined) variants.set(variant, (text = make()));
    return text;
  }
}
