import type { IncomingMessage } from 'node:http';

/**
 * Read as its reader asks: the request stays paused between reads, so a body nobody reads waits in the kernel's
 * buffers and slows the client down instead of filling memory. Cancelling leaves the connection alone
 * (`Readable.toWeb` would destroy it, and the answer not yet written); the lingering close discards the rest.
 */
export function requestBodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  let detach = () => {};
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const onData = (chunk: Buffer) => {
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 0) <= 0) req.pause();
      };
      const onEnd = () => {
        detach();
        controller.close();
      };
      const onGone = () => {
        detach();
        controller.error(new Error('the client closed the connection before the end of the request body'));
      };
      detach = () => {
        req.off('data', onData).off('end', onEnd).off('error', onGone).off('close', onGone);
      };
      req.on('data', onData).once('end', onEnd).once('error', onGone).once('close', onGone);
      req.pause();
    },
    pull() {
      req.resume();
    },
    cancel() {
      detach();
      req.pause();
    },
  });
}
