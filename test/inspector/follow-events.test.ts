import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';

interface FollowEvents {
  followEvents(
    base: string,
    handlers: { onOpen: () => Promise<number | undefined>; onEvent: (event: { type: string; id?: number; data: unknown }) => void; onError: (error: unknown) => void },
  ): () => void;
}

// The page's own module, loaded as the browser loads it, with the browser's fetch and sessionStorage stood in for.
const adminModule = pathToFileURL(path.resolve(import.meta.dirname, '../../inspector/admin.js')).href;
const { followEvents } = (await import(adminModule)) as FollowEvents;

const row = (id: number) => `id: ${id}\nevent: request\ndata: {"seq":${id}}\n\n`;
const overflow = (lastEventId: number) => `event: overflow\ndata: {"lastEventId":${lastEventId},"message":"resume"}\n\n`;
const streamOf = (text: string) => new Response(text, { headers: { 'content-type': 'text/event-stream' } });

afterEach(() => vi.unstubAllGlobals());

describe("the inspector's live feed", () => {
  it('resumes a stream that ended with overflow from Last-Event-ID, and loads the history again after any other end', async () => {
    const answers = [
      // The history the page loads gives rows up to 2; the stream, opened first, repeats 2, then 3, then overflows.
      row(2) + row(3) + overflow(3),
      row(4) + overflow(4),
      // Ended without overflow (a stop): the next connection loads the history again, sending no Last-Event-ID.
      row(5),
      // The history now ends at 8 (numbered afresh or not, the page takes what it loaded).
      row(8) + row(9),
    ];
    const sent: (string | null)[] = [];
    vi.stubGlobal('sessionStorage', { getItem: () => null });
    vi.stubGlobal('fetch', async (_url: string, init: { headers: Record<string, string> }) => {
      sent.push(init.headers['last-event-id'] ?? null);
      const text = answers.shift();
      return text === undefined ? new Promise(() => {}) : streamOf(text);
    });
    const opened: number[] = [];
    const seen: (number | string)[] = [];
    const stop = followEvents('', {
      onOpen: async () => {
        opened.push(sent.length);
        return opened.length === 1 ? 2 : 8;
      },
      onEvent: (event) => seen.push(event.id ?? event.type),
      onError: (error) => {
        throw error;
      },
    });
    await vi.waitFor(() => expect(sent).toHaveLength(5), { timeout: 10_000, interval: 50 });
    stop();
    expect(sent).toEqual([null, '3', '4', null, null]);
    expect(opened).toEqual([1, 4]);
    expect(seen).toEqual([3, 'overflow', 4, 'overflow', 5, 9]);
  });
});
