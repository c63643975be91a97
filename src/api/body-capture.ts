import type { BodySource } from './api-request.js';
import { readLimitedBody, TOO_LARGE } from './read-json-body.js';

/**
 * Copies up to `maxBytes` of the body as it flows to its reader, so it can be noted whoever reads it, or nobody:
 * hand on `body`; once answered, `prefix()` gives the text (a character cut in two dropped) and whether there was
 * more or the read failed. Nothing is pulled before the reader asks, so a body refused as too large stays unread.
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
    { highWaterMark: 0 },
  );
  return {
    body: tapped,
    async prefix() {
      if (state === 'untouched') {
        // Nobody read the body: the tapped stream never took the source, so the one reader of bodies can.
        const body = await readLimitedBody({ headers: request.headers, body: source }, maxBytes).catch((): typeof TOO_LARGE => TOO_LARGE);
        if (body !== TOO_LARGE) keep(body);
        state = body === TOO_LARGE ? 'given-up' : 'complete';
      }
      const text = Buffer.concat(chunks).toString('utf8').replace(/\uFFFD$/, '');
      return { text, truncated: state !== 'complete' || size > maxBytes };
    },
  };
}
