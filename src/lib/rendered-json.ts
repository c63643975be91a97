/**
 * JSON text already rendered, standing for a value of type `T` (the type is carried for the compiler only):
 * a route answers it, and the envelope puts the text in as it is, instead of serializing a value again.
 */
export class RenderedJson<T> {
  declare readonly value?: T;
  #wrapped: string | undefined;
  #wrappedBytes: Uint8Array<ArrayBuffer> | undefined;

  constructor(readonly text: string) {}

  /**
   * The text of a document that carries this one (an answer's envelope), made by `wrap` at the first call and
   * given as it is after: the same value answered again gives the very same string, which the journal and the
   * HTTP writer then need not scan or encode again. `wrap` must be the same function at every call.
   */
  wrapped(wrap: (text: string) => string): string {
    return (this.#wrapped ??= wrap(this.text));
  }

  /**
   * The UTF-8 bytes of `wrapped(wrap)`, encoded at the first call and given as they are after: a transport writes
   * or wraps them instead of encoding the text on each read (1.75 MB of a getOrders page: ~1 ms a read).
   */
  wrappedBytes(wrap: (text: string) => string): Uint8Array<ArrayBuffer> {
    return (this.#wrappedBytes ??= new TextEncoder().encode(this.wrapped(wrap)));
  }
}

/** A list of rendered values, as JSON.stringify would write the list of the values. */
export function renderedList<T>(items: readonly RenderedJson<T>[]): RenderedJson<T[]> {
  return new RenderedJson(`[${items.map((item) => item.text).join(',')}]`);
}
