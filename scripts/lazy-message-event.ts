/**
 * Stands in for the global `MessageEvent` in the bundled command (esbuild `inject`). rettime, which @msw/data
 * uses for its collection events, declares `class TypedEvent extends MessageEvent` as it loads; reading Node's
 * `MessageEvent` loads Node's bundled undici, ~50 ms of CPU that `esim-sandbox serve` would spend before its
 * first answer on a fetch client it never uses. This class reads it when the first event is made instead
 * (a record deleted or updated), and that event and every later one is Node's own `MessageEvent`.
 */
let real: typeof globalThis.MessageEvent | undefined;

function realMessageEvent(): typeof globalThis.MessageEvent {
  if (real === undefined) {
    real = globalThis.MessageEvent;
    // From now on the subclasses inherit the real methods and accessors (`data`, `preventDefault`, …).
    Object.setPrototypeOf(LazyMessageEvent.prototype, real.prototype);
    Object.setPrototypeOf(LazyMessageEvent, real);
  }
  return real;
}

class LazyMessageEvent {
  constructor(type: string, init?: MessageEventInit) {
    // Made by Node's constructor, so it has the real internal state, with the subclass's prototype.
    return Reflect.construct(realMessageEvent(), [type, init], new.target) as LazyMessageEvent;
  }
}

/** What it stands for, as far as its subclasses can tell. */
export const MessageEvent = LazyMessageEvent as unknown as new (type: string, init?: MessageEventInit) => globalThis.MessageEvent;
