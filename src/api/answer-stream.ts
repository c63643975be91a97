/**
 * A streamed body, pushed into the sink its transport gives. Over HTTP the sink is the response itself, so an event
 * written to many streams costs each a write of the same bytes, with no stream, read or promise of its own.
 */
export interface AnswerStream {
  /** Starts the body: written to `sink` as it comes, ended with `sink.end()`. Called once at most, never after `cancel`. */
  start(sink: AnswerSink): void;
  /** The client has taken what was written: a stream held back since `write` answered false goes on. */
  pull(): void;
  /** The client went away, or the body is not to be sent (HEAD): the stream stops, without ending the sink. Once is enough. */
  cancel(): void;
}

export interface AnswerSink {
  /** Sends `chunk`, or queues it: false while the client has not taken what was queued (`pull` follows once it has). */
  write(chunk: Uint8Array): boolean;
  /** The bytes written that the client has not taken yet, queued in the transport. */
  readonly unread: number;
  /** Ends the body once what is queued has gone out. */
  end(): void;
}

/** How much of a streamed body an in-process reader may have waiting before `write` answers false, as a socket's buffer would. */
const QUEUE_BYTES = 64 * 1024;

/** For `fetch` and in-process readers: each read that empties the queue pulls. */
export function readableOf(stream: AnswerStream): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        stream.start({
          write(chunk) {
            controller.enqueue(chunk);
            return (controller.desiredSize ?? 0) > 0;
          },
          get unread() {
            return QUEUE_BYTES - (controller.desiredSize ?? 0);
          },
          end: () => controller.close(),
        });
      },
      pull: () => stream.pull(),
      cancel: () => stream.cancel(),
    },
    { highWaterMark: QUEUE_BYTES, size: (chunk) => chunk.byteLength },
  );
}
