import type { Sandbox, SandboxEvent } from '../types.js';
import { logFailure } from '../lib/log-failure.js';
import { eventBytes, KEEP_ALIVE } from './sse-format.js';

/** A keep-alive comment this often keeps proxies and idle-connection timers from closing a quiet stream. */
const KEEP_ALIVE_MS = 15_000;

/** A stream that follows a sandbox's events. */
export interface EventFollower {
  /** An event, as UTF-8 (the same bytes for every follower); `row`: the `seq` of a history row (a request or a marker). */
  hear(bytes: Uint8Array, row?: number): void;
  /** Stops following, without a word to the client. */
  cancel(): void;
}

/**
 * The streams that follow one sandbox, and the one subscription that tells them its events: each event is
 * formatted and encoded once, and the same bytes go to every stream in one loop, with no stream, read or promise
 * per stream. With the socket writes left out, a createOrder of ~60 KB beside 32 streams took as long as beside
 * one; what the 31 others still cost is the kernel copying each event into their sockets.
 */
class EventFanout {
  readonly #followers = new Set<EventFollower>();
  #unsubscribe = () => {};
  #keepAlive: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly sandbox: Sandbox) {}

  join(follower: EventFollower): void {
    if (this.#followers.size === 0) {
      this.#unsubscribe = this.sandbox.subscribe((event) => this.#tell(event));
      this.#keepAlive = setInterval(() => this.#each(KEEP_ALIVE), KEEP_ALIVE_MS).unref();
    }
    this.#followers.add(follower);
  }

  leave(follower: EventFollower): void {
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

/** The fan-out of `sandbox`'s events, one per sandbox. */
export function fanoutOf(sandbox: Sandbox): EventFanout {
  let fanout = fanouts.get(sandbox);
  if (fanout === undefined) fanouts.set(sandbox, (fanout = new EventFanout(sandbox)));
  return fanout;
}
