import type { StreamedAnswer } from '../api/outcome.js';
import { isMarker } from '../state/journal.js';
import type { Sandbox, SandboxEvent } from '../types.js';

/** A comment line this often keeps proxies and idle-connection timers from closing a quiet stream. */
const KEEP_ALIVE_MS = 15_000;

export interface EventStreamOptions {
  /** Journal entries after this `seq` are sent first (a client resuming with `Last-Event-ID` or `?since=`). */
  since?: number;
  /** The stream ends when this aborts (the server shutting down). */
  closing: AbortSignal;
}

/**
 * `GET /__sandbox/events`: the events of `sandbox` as Server-Sent Events, from now on, until the client goes
 * away or the server shuts down. Each answered request is an event `request` whose `id` is its `seq` and whose
 * data is its journal entry with bodies; each marker row an event `marker` (id its `seq`); `history-cleared`,
 * `reset`, `scenario`, `restore`, `clock` and `topup` carry what changed.
 */
export function eventStream(sandbox: Sandbox, { since, closing }: EventStreamOptions): StreamedAnswer {
  let stop = () => {};
  const stream = new ReadableStream<string>({
    start(controller) {
      const send = (event: SandboxEvent) => controller.enqueue(formatEvent(event));
      // How long an EventSource waits before it reconnects, and a first line that shows the stream is open.
      controller.enqueue('retry: 1000\n: connected\n\n');
      if (since !== undefined) for (const entry of sandbox.history({ since })) send(isMarker(entry) ? { type: 'marker', entry } : { type: 'request', entry });
      const unsubscribe = sandbox.subscribe(send);
      const keepAlive = setInterval(() => controller.enqueue(': keep-alive\n\n'), KEEP_ALIVE_MS);
      keepAlive.unref();
      const end = () => {
        stop();
        controller.close();
      };
      stop = () => {
        unsubscribe();
        clearInterval(keepAlive);
        closing.removeEventListener('abort', end);
      };
      if (closing.aborted) end();
      else closing.addEventListener('abort', end, { once: true });
    },
    cancel() {
      stop();
    },
  });
  return {
    status: 200,
    headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', 'x-accel-buffering': 'no' },
    stream,
  };
}

/** One event in the `text/event-stream` format; JSON data is one line, as the format needs. */
export function formatEvent(event: SandboxEvent): string {
  if (event.type === 'request' || event.type === 'marker') return `id: ${event.entry.seq}\nevent: ${event.type}\ndata: ${JSON.stringify(event.entry)}\n\n`;
  const { type, ...data } = event;
  return `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
}
