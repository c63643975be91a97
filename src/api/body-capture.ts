import type { ApiRequest } from './api-request.js';
import { readLimitedBody, TOO_LARGE } from './read-limited-body.js';

/** A request whose body is copied as it is read, so that the body can be noted whoever reads it, or nobody. */
export interface CapturedBody {
  /** The request to hand on: its body is the original's, read through the copy. */
  request: ApiRequest;
  /**
   * The body text, once the request is answered: what the handler read, or, when it read nothing (a fault or a
   * refusal came first), what is read now. Undefined for a body longer than the capture's `maxBytes`, one read
   * only in part (refused as too large), or one that could not be read.
   */
  text(): Promise<string | undefined>;
}

/**
 * Copies up to `maxBytes` of the body of `request` as it flows to its reader. Nothing is read before the reader
 * asks, so a body still refused as too large is refused as before, without reading it.
 */
export function captureBody(request: ApiRequest, maxBytes: number): CapturedBody {
  const source = request.body;
  if (source === null) return { request, text: async () => '' };
  const chunks: Uint8Array[] = [];
  let size = 0;
  let state: 'untouched' | 'reading' | 'complete' | 'given-up' = 'untouched';
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  const keep = (chunk: Uint8Array) => {
    size += chunk.byteLength;
    if (size <= maxBytes) chunks.push(chunk);
  };
  const tapped = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        state = 'reading';
        reader ??= source.getReader();
        try {
          const chunk = await reader.read();
          if (chunk.done) {
            state = 'complete';
            controller.close();
            return;
          }
          keep(chunk.value);
          controller.enqueue(chunk.value);
        } catch (error) {
          state = 'given-up';
          controller.error(error);
        }
      },
      cancel(reason) {
        state = 'given-up';
        return (reader ?? source.getReader()).cancel(reason);
      },
    },
    // Nothing is pulled until the reader asks.
    { highWaterMark: 0 },
  );
  const passedOn: ApiRequest = { method: request.method, url: request.url, headers: request.headers, body: tapped };
  return {
    request: passedOn,
    async text() {
      if (state === 'untouched') {
        // Nobody read the body: read it now, with the one reader of bodies (the tapped stream never took the source).
        const body = await readLimitedBody(request, maxBytes).catch((): typeof TOO_LARGE => TOO_LARGE);
        if (body === TOO_LARGE) return undefined;
        keep(body);
        state = 'complete';
      }
      if (state !== 'complete' || size > maxBytes) return undefined;
      try {
        return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
      } catch {
        return undefined;
      }
    },
  };
}
