import type { AnswerSink, AnswerStream } from '../api/answer-stream.js';
import type { StreamedAnswer } from '../api/outcome.js';
import { ApiError } from '../domain/api-error.js';
import { logFailure } from '../lib/log-failure.js';
import { isMarker } from '../state/journal.js';
import type { Sandbox, SandboxEvent } from '../types.js';
import { eventBytes, KEEP_ALIVE, overflowBytes, PREAMBLE } from './sse-format.js';

/**
 * The most a stream holds that its client has not read, in bytes: past it the client gets a last event saying
 * where to resume, and the stream ends. A paused client once held every event (one stream: +590 MB after 4,000
 * orders); a reader that keeps up never comes near it, an answer's body being at most 64 KiB twice.
 */
const SUBSCRIBER_BOUND_BYTES = 1024 * 1024;

export interface EventStreamOptions {
  /** History rows (requests and markers) after this `seq` are sent first (a client resuming with `Last-Event-ID` or `?since=`). */
  since?: number;
  /** The stream ends when this aborts (the server shutting down, the session deleted). */
  closing: AbortSignal;
  /** Called once when the stream ends, however it ends, or is cancelled before it starts. */
  onEnd?: () => void;
  /** The most the stream holds unread, in bytes. Default: `SUBSCRIBER_BOUND_BYTES`. */
  boundBytes?: number;
}

/**
 * `GET /__sandbox/events`: Server-Sent Events until the client goes away, falls too far behind, or `closing` aborts.
 * A request or marker row's event `id` is its `seq`. The replay of `since` reads the history one row at a time, as the
 * client reads; it goes on through resets and restores (the numbers and the history outlive them), while events that
 * are no rows (`reset`, `clock`, …) go out as they happen, even ahead of older rows still being replayed.
 */
export function eventStream(sandbox: Sandbox, options: EventStreamOptions): StreamedAnswer {
  return {
    status: 200,
    headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', 'x-accel-buffering': 'no' },
    stream: new SandboxEventStream(sandbox, options),
  };
}

class SandboxEventStream implements AnswerStream {
  readonly #sandbox: Sandbox;
  readonly #options: EventStreamOptions;
  readonly #boundBytes: number;
  #sink: AnswerSink | undefined;
  /** The `seq` of the last row (request or marker) written. */
  #cursor: number | undefined;
  #replaying: boolean;
  /** The sink answered false to the last write, and has not pulled since: the replay waits. */
  #held = false;
  #stopped = false;

  constructor(sandbox: Sandbox, options: EventStreamOptions) {
    this.#sandbox = sandbox;
    this.#options = options;
    this.#boundBytes = options.boundBytes ?? SUBSCRIBER_BOUND_BYTES;
    this.#cursor = options.since;
    this.#replaying = options.since !== undefined;
  }

  start(sink: AnswerSink): void {
    this.#sink = sink;
    this.#write(PREAMBLE);
    const { closing } = this.#options;
    if (closing.aborted) return this.#end();
    closing.addEventListener('abort', this.#end, { once: true });
    fanoutOf(this.#sandbox).join(this);
    this.#replay();
  }

  pull(): void {
    this.#held = false;
    this.#replay();
  }

  cancel(): void {
    if (this.#stopped) return;
    this.#stopped = true;
    fanoutOf(this.#sandbox).leave(this);
    this.#options.closing.removeEventListener('abort', this.#end);
    this.#options.onEnd?.();
  }

  /** An event, as UTF-8 (the same bytes for every stream); `row`: the `seq` of a history row (a request or a marker). */
  hear(bytes: Uint8Array, row?: number): void {
    // While replaying, a new row is in the history already: the replay reaches it in turn.
    if (row !== undefined && this.#replaying) return this.#replay();
    if (this.#sink!.unread + bytes.byteLength > this.#boundBytes) {
      this.#write(overflowBytes(this.#cursor, this.#boundBytes));
      return this.#end();
    }
    this.#write(bytes);
    if (row !== undefined) this.#cursor = row;
  }

  #replay(): void {
    while (this.#replaying && !this.#held && !this.#stopped) {
      const [entry] = this.#sandbox.history({ since: this.#cursor, limit: 1 });
      if (entry === undefined) this.#replaying = false;
      else {
        this.#write(eventBytes(isMarker(entry) ? { type: 'marker', entry } : { type: 'request', entry }));
        this.#cursor = entry.seq;
      }
    }
  }

  #write(bytes: Uint8Array): void {
    if (!this.#sink!.write(bytes)) this.#held = true;
  }

  readonly #end = (): void => {
    if (this.#stopped) return;
    this.cancel();
    this.#sink?.end();
  };
}

/**
 * A stream request a browser sent for a page of another site, or in `no-cors` mode, which sends no `Origin`
 * on a GET: the page cannot read the stream, but each one it opens holds a slot and memory. Browsers say so
 * in `Sec-Fetch-Site` and `Sec-Fetch-Mode`; clients that are no browser send neither.
 */
export function crossSiteRefusal(header: (name: string) => string | null): ApiError | undefined {
  const site = header('sec-fetch-site');
  const mode = header('sec-fetch-mode');
  if (site !== 'cross-site' && site !== 'same-site' && mode !== 'no-cors') return undefined;
  const said = [site !== null && `Sec-Fetch-Site: ${site}`, mode !== null && `Sec-Fetch-Mode: ${mode}`].filter(Boolean).join(', ');
  return new ApiError(
    'FORBIDDEN_ORIGIN',
    `This event stream was asked for by a page of another site or in no-cors mode (${said.slice(0, 200)}), which cannot read it: ` +
      "event streams are for this server's own pages and for clients that are no browser (test code, curl).",
  );
}

const KEEP_ALIVE_MS = 15_000;

/**
 * One subscription per sandbox: each event is encoded once and the same bytes go to every stream in one loop. With the
 * socket writes left out, a createOrder of ~60 KB beside 32 streams took as long as beside one.
 */
class EventFanout {
  readonly #followers = new Set<SandboxEventStream>();
  #unsubscribe = () => {};
  #keepAlive: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly sandbox: Sandbox) {}

  join(follower: SandboxEventStream): void {
    if (this.#followers.size === 0) {
      this.#unsubscribe = this.sandbox.subscribe((event) => this.#tell(event));
      this.#keepAlive = setInterval(() => this.#each(KEEP_ALIVE), KEEP_ALIVE_MS).unref();
    }
    this.#followers.add(follower);
  }

  leave(follower: SandboxEventStream): void {
    if (!this.#followers.delete(follower) || this.#followers.size > 0) return;
    this.#unsubscribe();
    clearInterval(this.#keepAlive);
  }

  #tell(event: SandboxEvent): void {
    const row = event.type === 'request' || event.type === 'marker' ? event.entry.seq : undefined;
    let bytes: Uint8Array;
    try {
      bytes = eventBytes(event);
    } catch (error) {
      // An event that cannot be written is left out, and logged; the streams go on with the next one.
      return logFailure(`writing a ${event.type} event for the event streams`, error);
    }
    this.#each(bytes, row);
  }

  #each(bytes: Uint8Array, row?: number): void {
    for (const follower of this.#followers) {
      // One follower that fails stops alone: the subscription is every other stream's too.
      try {
        follower.hear(bytes, row);
      } catch {
        follower.cancel();
      }
    }
  }
}

const fanouts = new WeakMap<Sandbox, EventFanout>();

function fanoutOf(sandbox: Sandbox): EventFanout {
  let fanout = fanouts.get(sandbox);
  if (fanout === undefined) fanouts.set(sandbox, (fanout = new EventFanout(sandbox)));
  return fanout;
}
