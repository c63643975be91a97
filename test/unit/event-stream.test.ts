import { describe, expect, it } from 'vitest';
import { createSandbox, type SandboxEvent } from 'esim-wholesale-sandbox';
import { startServer, type RunningServer } from 'esim-wholesale-sandbox/server';

const FULL_ACCESS = 'sk_test_full_access';
const JSON_HEADERS = { 'content-type': 'application/json' };

interface StreamEvent {
  type: string;
  id?: string;
  data: Record<string, unknown>;
}

/** Reads the Server-Sent Events of `url` as they come; `next(n)` waits for n more. */
async function openEvents(url: string, init: RequestInit = {}) {
  const controller = new AbortController();
  const response = await fetch(url, { ...init, signal: controller.signal });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const events: StreamEvent[] = [];
  let buffered = '';
  let ended = false;
  const pump = (async () => {
    try {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        buffered += chunk.value;
        for (let end = buffered.indexOf('\n\n'); end >= 0; end = buffered.indexOf('\n\n')) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          const fields = Object.fromEntries(block.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]));
          if (fields['data'] !== undefined) events.push({ type: fields['event'] ?? 'message', id: fields['id'], data: JSON.parse(fields['data']) });
        }
      }
    } catch {
      // Aborted by the test.
    }
    ended = true;
  })();
  return {
    response,
    events,
    ended: () => ended,
    async next(count: number) {
      await expect.poll(() => events.length, { timeout: 2_000 }).toBeGreaterThanOrEqual(count);
      return events.slice(0, count);
    },
    async close() {
      controller.abort();
      await pump;
    },
  };
}

const call = (server: RunningServer, route: string, key = FULL_ACCESS) =>
  fetch(`${server.url}${route}`, { headers: { 'x-api-key': key } }).then((response) => response.arrayBuffer());
const post = (server: RunningServer, path: string, body: unknown) =>
  fetch(`${server.origin}/__sandbox${path}`, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify(body) }).then((response) => response.json());

describe('live events', () => {
  it('tells in-process listeners each request, reset, scenario, clock move and top-up, until they stop', async () => {
    const sandbox = createSandbox();
    const heard: SandboxEvent[] = [];
    const stop = sandbox.subscribe((event) => heard.push(event));
    await sandbox.fetch(new Request('http://sandbox.test/api/v1/getBalance', { headers: { 'x-api-key': FULL_ACCESS } }));
    await sandbox.topup({ apiKey: FULL_ACCESS, amountThb: 100 });
    sandbox.advanceClock(60_000);
    await sandbox.useScenario('low-balance');
    await sandbox.reset();
    stop();
    sandbox.advanceClock(1);
    expect(heard.map((event) => event.type)).toEqual(['request', 'topup', 'clock', 'marker', 'scenario', 'marker', 'reset']);
    expect(heard[0]).toMatchObject({ type: 'request', entry: { seq: 1, status: 200, response: { body: { success: true } } } });
    expect(heard[3]).toMatchObject({ type: 'marker', entry: { seq: 2, marker: 'scenario', scenario: 'low-balance', text: 'scenario → low-balance' } });
    expect(heard[4]).toMatchObject({ scenario: 'low-balance' });
    expect(heard[5]).toMatchObject({ type: 'marker', entry: { seq: 3, marker: 'reset', text: 'reset (scenario low-balance)' } });
  });

  it('streams the journal and the state changes over GET /__sandbox/events', async () => {
    const server = await startServer({ port: 0 });
    try {
      const stream = await openEvents(`${server.origin}/__sandbox/events`);
      expect(stream.response.status).toBe(200);
      expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      await call(server, '/getBalance');
      await post(server, '/topups', { apiKey: FULL_ACCESS, amountThb: 50 });
      await post(server, '/clock', { advanceMs: 1000 });
      await post(server, '/reset', {});
      const events = await stream.next(5);
      expect(events.map((event) => event.type)).toEqual(['request', 'topup', 'clock', 'marker', 'reset']);
      expect(events[3]).toMatchObject({ id: '2', data: { seq: 2, marker: 'reset', scenario: 'default' } });
      expect(events[0]).toMatchObject({ id: '1', data: { seq: 1, url: '/api/v1/getBalance', request: { headers: { 'x-api-key': '************cess' } } } });
      expect(events[1]!.data).toMatchObject({ payment: { walletCreditThb: 50 } });
      await stream.close();
    } finally {
      await server.close();
    }
  });

  it('sends the marker rows of the history too, in order, when resuming; and says when the history is cleared', async () => {
    const server = await startServer({ port: 0 });
    try {
      await call(server, '/getBalance');
      await post(server, '/reset', {});
      await post(server, '/faults', { route: 'getOrders', effect: 'drop' });
      const resumed = await openEvents(`${server.origin}/__sandbox/events?since=0`);
      const events = await resumed.next(3);
      expect(events.map((event) => [event.type, event.id, event.data['text'] ?? event.data['url']])).toEqual([
        ['request', '1', '/api/v1/getBalance'],
        ['marker', '2', 'reset (scenario default)'],
        ['marker', '3', 'fault queued: the next call of getOrders → drop'],
      ]);
      await fetch(`${server.origin}/__sandbox/requests`, { method: 'DELETE', headers: JSON_HEADERS }).then((response) => response.arrayBuffer());
      expect((await resumed.next(4))[3]).toMatchObject({ type: 'history-cleared' });
      await resumed.close();
    } finally {
      await server.close();
    }
  });

  it('sends the entries after ?since= or Last-Event-ID first, then the new ones', async () => {
    const server = await startServer({ port: 0 });
    try {
      for (let i = 0; i < 3; i++) await call(server, '/getBalance');
      const resumed = await openEvents(`${server.origin}/__sandbox/events`, { headers: { 'last-event-id': '2' } });
      const since = await openEvents(`${server.origin}/__sandbox/events?since=1`);
      await call(server, '/getBalance');
      expect((await resumed.next(2)).map((event) => event.id)).toEqual(['3', '4']);
      expect((await since.next(3)).map((event) => event.id)).toEqual(['2', '3', '4']);
      await Promise.all([resumed.close(), since.close()]);
      const refused = await fetch(`${server.origin}/__sandbox/events?since=-1`);
      expect(refused.status).toBe(400);
      await refused.arrayBuffer();
    } finally {
      await server.close();
    }
  });

  it('sends each body up to 8 KiB in a request event, and the whole entry stays in the journal', async () => {
    const server = await startServer({ port: 0 });
    try {
      const events = await openEvents(`${server.origin}/__sandbox/events`);
      await call(server, '/getBalance');
      // 24 products: an answer of ~11 KB.
      await call(server, '/getProducts?limit=200');
      const [small, large] = await events.next(2);
      expect(small!.data).not.toHaveProperty('bodiesCut');
      expect((small!.data['response'] as { body: unknown }).body).toMatchObject({ success: true });
      expect(large!.data).toMatchObject({ seq: 2, bodiesCut: true, response: { truncated: true } });
      const cut = (large!.data['response'] as { bodyText: string }).bodyText;
      expect(cut).toHaveLength(8 * 1024);
      const [whole] = (await (await fetch(`${server.origin}/__sandbox/requests?since=1&limit=1&include=bodies`)).json()).data;
      expect(whole).toMatchObject({ seq: 2, response: { body: { success: true } } });
      expect(JSON.stringify(whole.response.body).startsWith(cut)).toBe(true);
      await events.close();
      const refused = await fetch(`${server.origin}/__sandbox/requests?limit=0`);
      expect(refused.status).toBe(400);
      await refused.arrayBuffer();
    } finally {
      await server.close();
    }
  });

  it("streams a session's events under /__sandbox/sessions/<id>/events, and only its own", async () => {
    const server = await startServer({ port: 0 });
    try {
      const session = (await post(server, '/sessions', {})).data as { id: string; apiKeys: Record<string, string> };
      const own = await openEvents(`${server.origin}/__sandbox/sessions/${session.id}/events`);
      const main = await openEvents(`${server.origin}/__sandbox/events`);
      await call(server, '/getBalance', session.apiKeys[FULL_ACCESS]);
      await call(server, '/getProducts?limit=1');
      await own.next(1);
      await main.next(1);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(own.events.map((event) => event.data['url'])).toEqual(['/api/v1/getBalance']);
      expect(main.events.map((event) => event.data['url'])).toEqual(['/api/v1/getProducts?limit=1']);
      await Promise.all([own.close(), main.close()]);
    } finally {
      await server.close();
    }
  });

  it('stops listening when the client goes away', async () => {
    const server = await startServer({ port: 0 });
    try {
      let listening = 0;
      const subscribe = server.sandbox.subscribe.bind(server.sandbox);
      server.sandbox.subscribe = (listener) => {
        listening += 1;
        const stop = subscribe(listener);
        return () => {
          listening -= 1;
          stop();
        };
      };
      const stream = await openEvents(`${server.origin}/__sandbox/events`);
      await expect.poll(() => listening).toBe(1);
      await stream.close();
      await expect.poll(() => listening).toBe(0);
    } finally {
      await server.close();
    }
  });

  it('ends open streams at shutdown instead of waiting out the grace period', async () => {
    const server = await startServer({ port: 0, shutdownGraceMs: 5_000 });
    const stream = await openEvents(`${server.origin}/__sandbox/events`);
    await call(server, '/getBalance');
    await stream.next(1);
    const started = performance.now();
    await server.close();
    expect(performance.now() - started).toBeLessThan(1_000);
    await expect.poll(() => stream.ended()).toBe(true);
  });
});
