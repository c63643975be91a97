import { bodyTextOf, type JournalBody } from '../state/journal-exchange.js';
import type { JournalEntry, SandboxEvent } from '../types.js';

const UTF8 = new TextEncoder();

/** How long an EventSource waits before it reconnects, and a first line that shows the stream is open. */
export const PREAMBLE = UTF8.encode('retry: 1000\n: connected\n\n');

/** A comment line: it keeps proxies and idle-connection timers from closing a quiet stream. */
export const KEEP_ALIVE = UTF8.encode(': keep-alive\n\n');

/** One event in the `text/event-stream` format, as UTF-8; JSON data is one line, as the format needs. */
export function eventBytes(event: SandboxEvent): Uint8Array {
  return UTF8.encode(eventText(event));
}

function eventText(event: SandboxEvent): string {
  if (event.type === 'marker') return `id: ${event.entry.seq}\nevent: marker\ndata: ${JSON.stringify(event.entry)}\n\n`;
  if (event.type === 'request') return `id: ${event.entry.seq}\nevent: request\ndata: ${JSON.stringify(streamedEntry(event.entry))}\n\n`;
  const { type, ...data } = event;
  return `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * The most of each body a request event carries, in characters. Every open stream is sent every event: with
 * whole bodies, a createOrder of ~60 KB was copied into each of 32 streams a client had stopped reading, which
 * doubled its time. The journal keeps the rest (`GET /__sandbox/requests?since=<seq - 1>&limit=1&include=bodies`).
 */
const EVENT_BODY_MAX_CHARS = 8 * 1024;

function streamedEntry(entry: JournalEntry): JournalEntry & { bodiesCut?: true } {
  const request = entry.request && cutBody(entry.request);
  const response = entry.response && cutBody(entry.response);
  if (request === entry.request && response === entry.response) return entry;
  return { ...entry, ...(request && { request }), ...(response && { response }), bodiesCut: true };
}

function cutBody<Part extends JournalBody>(part: Part): Part {
  const text = bodyTextOf(part);
  if (text === undefined || text.length <= EVENT_BODY_MAX_CHARS) return part;
  const { body: _body, bodyText: _bodyText, truncated: _truncated, ...rest } = part;
  return { ...rest, bodyText: text.slice(0, EVENT_BODY_MAX_CHARS), truncated: true } as Part;
}

/**
 * The last event of a stream whose client fell too far behind: where to resume. `lastEventId` is the `seq` of
 * the last request or marker event sent (the `Last-Event-ID` an EventSource reconnects with), null when none was.
 */
export function overflowBytes(lastEventId: number | undefined, boundBytes: number): Uint8Array {
  const message =
    `This stream held ${boundBytes} bytes the client had not read, the most a stream keeps, and is closed. ` +
    'Reconnect with Last-Event-ID (an EventSource does so by itself) or ?since=<lastEventId> to resume, and read the stream as it comes.';
  return UTF8.encode(`event: overflow\ndata: ${JSON.stringify({ lastEventId: lastEventId ?? null, message })}\n\n`);
}
