import type { SandboxEvent } from '../types.js';

/**
 * Each event as it goes out, kept while the event lives: a sandbox hands the same event object to every
 * listener, so every stream sends the text made for the first (2,000 streams once cost a serialisation each).
 */
const formatted = new WeakMap<SandboxEvent, string>();

/** One event in the `text/event-stream` format, made once per event; JSON data is one line, as the format needs. */
export function formatEvent(event: SandboxEvent): string {
  let text = formatted.get(event);
  if (text === undefined) formatted.set(event, (text = formatEventText(event)));
  return text;
}

function formatEventText(event: SandboxEvent): string {
  if (event.type === 'request' || event.type === 'marker') return `id: ${event.entry.seq}\nevent: ${event.type}\ndata: ${JSON.stringify(event.entry)}\n\n`;
  const { type, ...data } = event;
  return `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * The last event of a stream whose client fell too far behind: where to resume. `lastEventId` is the `seq` of
 * the last request or marker event sent (the `Last-Event-ID` an EventSource reconnects with), null when none was.
 */
export function formatOverflow(lastEventId: number | undefined, boundChars: number): string {
  const message =
    `This stream held ${boundChars} characters the client had not read, the most a stream keeps, and is closed. ` +
    'Reconnect with Last-Event-ID (an EventSource does so by itself) or ?since=<lastEventId> to resume, and read the stream as it comes.';
  return `event: overflow\ndata: ${JSON.stringify({ lastEventId: lastEventId ?? null, message })}\n\n`;
}
