import type { IncomingMessage } from 'node:http';

/**
 * The body of a Node request as a web stream, read as its reader asks: the request stays paused between
 * reads, so a body nobody reads waits in the kernel's buffers and slows the client down instead of filling
 * memory. Cancelling stops the reading and leaves the connection alone (`Readable.toWeb` would destroy it,
 * and with it the answer not yet written); what is left of the body is read and discarded by the lingering
 * close after the answer. A client that goes away before the end of the body errors the stream.
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
