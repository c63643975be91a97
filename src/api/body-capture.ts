import type { BodySource } from './api-request.js';
import { readLimitedBody, TOO_LARGE } from './read-json-body.js';

/**
 * Copies up to `maxBytes` of the body of `request` as it flows to its reader, so that the body can be noted whoever
 * reads it, or nobody: `body` is the body to hand on (the original, read through the copy), `prefix()` its first
 * `maxBytes` once the request is answered, as text (a character cut in two dropped), and whether the body was longer
 * or could not be read to its end. Nothing is read before the reader asks, so a body still refused as too large is
 * refused as before, without reading it; a body nobody read is read by `prefix()`, up to `maxBytes`.
 */
export function captureBody(request: BodySource, maxBytes: number) {
  const source = request.body;
  if (source === null) return { body: null, prefix: async () => ({ text: '', truncated: false }) };
  const chunks: Uint8Array[] = [];
  let size = 0;
  let state: 'untouched' | 'reading' | 'complete' | 'given-up' = 'untouched';
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  let kept = 0;
  const keep = (chunk: Uint8Array) => {
    size += chunk.byteLength;
    if (kept < maxBytes) {
      const part = kept + chunk.byteLength <= maxBytes ? chunk : chunk.subarray(0, maxBytes - kept);
      chunks.push(part);
      kept += part.byteLength;
    }
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
  return {
    body: tapped,
    async prefix() {
      if (state === 'untouched') {
        // Nobody read the body: read it now, with the one reader of bodies (the tapped stream never took the source).
        const body = await readLimitedBody({ headers: request.headers, body: source }, maxBytes).catch((): typeof TOO_LARGE => TOO_LARGE);
        if (body !== TOO_LARGE) keep(body);
        state = body === TOO_LARGE ? 'given-up' : 'complete';
      }
      const text = Buffer.concat(chunks).toString('utf8').replace(/\uFFFD$/, '');
      return { text, truncated: state !== 'complete' || size > maxBytes };
    },
  };
}
