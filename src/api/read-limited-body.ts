import type { BodySource } from './api-request.js';

/** What `readLimitedBody` gives for a body larger than its limit. */
export const TOO_LARGE = Symbol('body too large');

/**
 * The bytes of a request body, or `TOO_LARGE` as soon as the body is known to pass `maxBytes`: at once when
 * its declared `content-length` says so (nothing is read), else when the bytes read pass the limit (the
 * stream is cancelled; over HTTP the server reads and discards the rest after the answer). The whole body
 * is never held in memory. A stream that fails mid-way rejects with its error.
 */
export async function readLimitedBody(request: BodySource, maxBytes: number): Promise<Uint8Array | typeof TOO_LARGE> {
  if (Number(request.headers.get('content-length') ?? Number.NaN) > maxBytes) return TOO_LARGE;
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    size += chunk.value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return TOO_LARGE;
    }
    chunks.push(chunk.value);
  }
  return Buffer.concat(chunks);
}
