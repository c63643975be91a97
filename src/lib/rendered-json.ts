/** Stands for a value of type `T` (for the compiler only); the envelope puts the text in as it is. */
export class RenderedJson<T> {
  declare readonly value?: T;
  #wrapped: string | undefined;
  #wrappedBytes: Uint8Array<ArrayBuffer> | undefined;

  constructor(readonly text: string) {}

  /**
   * Made once, so the same value answered again is the very same string, which the journal and the HTTP writer
   * need not scan or encode again. `wrap` must be the same function at every call.
   */
  wrapped(wrap: (text: string) => string): string {
    return (this.#wrapped ??= wrap(this.text));
  }

  /**
   * Encoded once (1.75 MB of a getOrders page costs ~1 ms a read), as a Buffer over the encoder's own memory: Node's
   * HTTP writer takes a Buffer as it is, and wraps any other Uint8Array anew at every write.
   */
  wrappedBytes(wrap: (text: string) => string): Uint8Array<ArrayBuffer> {
    if (this.#wrappedBytes === undefined) {
      const bytes = new TextEncoder().encode(this.wrapped(wrap));
      this.#wrappedBytes = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    }
    return this.#wrappedBytes;
  }
}

export function renderedList<T>(items: readonly RenderedJson<T>[]): RenderedJson<T[]> {
  return new RenderedJson(`[${items.map((item) => item.text).join(',')}]`);
}
