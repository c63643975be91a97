import type { StreamedAnswer } from '../api/outcome.js';
import { isMarker } from '../state/journal.js';
import type { Sandbox, SandboxEvent } from '../types.js';
import { formatEvent, formatOverflow } from './sse-format.js';

/** A comment line this often keeps proxies and idle-connection timers from closing a quiet stream. */
const KEEP_ALIVE_MS = 15_000;

/**
 * The most a stream holds that its client has not read, in characters: past it the client gets a last event
 * saying where to resume, and the stream ends. A paused client once held every event (one stream: +590 MB
 * after 4,000 orders); a reader that keeps up never comes near it, an answer's body being at most 64 KiB twice.
 */
export const SUBSCRIBER_BOUND_CHARS = 1024 * 1024;

/** How far ahead of its client a replay of the history (`?since=`) reads: a paused client stops the replay. */
const REPLAY_AHEAD_CHARS = 64 * 1024;

/** The events that are rows of the history, numbered by `seq`: a replay sends them in their turn. */
const isRow = (event: SandboxEvent): event is Extract<SandboxEvent, { type: 'request' | 'marker' }> =>
  event.type === 'request' || event.type === 'marker';

export interface EventStreamOptions {
  /** History rows (requests and markers) after this `seq` are sent first (a client resuming with `Last-Event-ID` or `?since=`). */
  since?: number;
  /** The stream ends when this aborts (the server shutting down, the session deleted). */
  closing: AbortSignal;
  /** Called once when the stream ends, however it ends. */
  onEnd?: () => void;
  /** The most the stream holds unread, in characters. Default: `SUBSCRIBER_BOUND_CHARS`. */
  boundChars?: number;
}

/**
 * `GET /__sandbox/events`: the events of `sandbox` as Server-Sent Events, from now on, until the client goes
 * away, falls too far behind, or the stream is closed. Each answered request is an event `request` whose `id`
 * is its `seq` and whose data is its journal entry with bodies; each marker row an event `marker` (id its `seq`);
 * `history-cleared`, `reset`, `scenario`, `restore`, `clock` and `topup` carry what changed.
 *
 * The replay of `since` reads the history one row at a time, as the client reads, requests and markers in `seq`
 * order. The numbers go on through resets, switches and restores, and the history outlives them, so a replay goes
 * on through them too; the events that are no rows (`reset`, `clock`, …) go out as they happen, even while a
 * replay held back by a slow client is still sending older rows, and the marker of a reset, a switch or a restore
 * comes in its turn.
 */
export function eventStream(sandbox: Sandbox, options: EventStreamOptions): StreamedAnswer {
  const { closing, boundChars = SUBSCRIBER_BOUND_CHARS } = options;
  /** The `seq` of the last row (request or marker) enqueued. */
  let cursor = options.since;
  let replaying = options.since !== undefined;
  let stop = () => {};
  let replay = () => {};
  const stream = new ReadableStream<string>(
    {
      start(controller) {
        const unread = () => REPLAY_AHEAD_CHARS - (controller.desiredSize ?? 0);
        const end = () => {
          stop();
          controller.close();
        };
        const push = (text: string) => {
          if (unread() + text.length <= boundChars) return void controller.enqueue(text);
          controller.enqueue(formatOverflow(cursor, boundChars));
          end();
        };
        replay = () => {
          while (replaying && (controller.desiredSize ?? 0) > 0) {
            const [entry] = sandbox.history({ since: cursor, limit: 1 });
            if (entry === undefined) replaying = false;
            else {
              controller.enqueue(formatEvent(isMarker(entry) ? { type: 'marker', entry } : { type: 'request', entry }));
              cursor = entry.seq;
            }
          }
        };
        const hear = (event: SandboxEvent) => {
          // While replaying, a new row is in the history already: the replay reaches it in turn.
          if (isRow(event) && replaying) return replay();
          push(formatEvent(event));
          if (isRow(event)) cursor = event.entry.seq;
        };
        // How long an EventSource waits before it reconnects, and a first line that shows the stream is open.
        controller.enqueue('retry: 1000\n: connected\n\n');
        const unsubscribe = sandbox.subscribe(hear);
        const keepAlive = setInterval(() => push(': keep-alive\n\n'), KEEP_ALIVE_MS);
        keepAlive.unref();
        stop = () => {
          stop = () => {};
          unsubscribe();
          clearInterval(keepAlive);
          closing.removeEventListener('abort', end);
          options.onEnd?.();
        };
        if (closing.aborted) end();
        else closing.addEventListener('abort', end, { once: true });
      },
      pull() {
        replay();
      },
      cancel() {
        stop();
      },
    },
    { highWaterMark: REPLAY_AHEAD_CHARS, size: (chunk) => chunk.length },
  );
  return {
    status: 200,
    headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', 'x-accel-buffering': 'no' },
    stream,
  };
}
