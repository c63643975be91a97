import { once } from 'node:events';
import { createServer, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSandbox, type Sandbox } from 'esim-wholesale-sandbox';
import { startServer, type RunningServer } from 'esim-wholesale-sandbox/server';
import { eventStream, type EventStreamOptions } from '../../src/admin/event-stream.js';
import { readableOf, type AnswerSink } from '../../src/api/answer-stream.js';
import { nodeApiRequestOf, nodeHandler } from '../../src/server/node-bridge.js';
import { sendRaw } from '../support/raw-http.js';

const KEY = 'sk_test_full_access';
const PRODUCT = 'efd8480e-2903-458b-8ce3-156f0418df70';
const NEVER = new AbortController().signal;

const getBalance = (sandbox: Sandbox) => sandbox.fetch(new Request('http://sandbox.test/api/v1/getBalance', { headers: { 'x-api-key': KEY } }));
/** A createOrder of ~60 KB (refused for its unknown field, and journaled with its body all the same). */
const bigOrder = (url: string) =>
  fetch(`${url}/createOrder`, {
    method: 'POST',
    headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ productId: PRODUCT, quantity: 1, padding: 'x'.repeat(60_000) }),
  }).then((response) => response.arrayBuffer());

/** The events of `sandbox` as an in-process reader reads them: text, chunk by chunk. */
function readEvents(sandbox: Sandbox, options: EventStreamOptions) {
  const reader = readableOf(eventStream(sandbox, options).stream).getReader();
  const decoder = new TextDecoder();
  return {
    read: async () => {
      const { value } = await reader.read();
      return value === undefined ? undefined : decoder.decode(value, { stream: true });
    },
    cancel: () => reader.cancel(),
  };
}

/** The same ~60 KB createOrder, answered in-process. */
const bigOrderIn = (sandbox: Sandbox) =>
  sandbox
    .fetch(
      new Request('http://sandbox.test/api/v1/createOrder', {
        method: 'POST',
        headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
        body: JSON.stringify({ productId: PRODUCT, quantity: 1, padding: 'x'.repeat(60_000) }),
      }),
    )
    .then((response) => response.arrayBuffer());

/** The whole text of a stream, once it has ended. */
async function readAll(events: ReturnType<typeof readEvents>): Promise<string> {
  let text = '';
  for (let chunk = await events.read(); chunk !== undefined; chunk = await events.read()) text += chunk;
  return text;
}

/** The `event:`/`data:` blocks of a text/event-stream text, comments left out. */
function eventsOf(text: string): { type: string; id?: string; data: Record<string, unknown> }[] {
  return text
    .split('\n\n')
    .map((block) => Object.fromEntries(block.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()])))
    .filter((fields) => fields['data'] !== undefined)
    .map((fields) => ({ type: fields['event'] ?? 'message', id: fields['id'], data: JSON.parse(fields['data']!) }));
}

/** An event stream over a socket that reads the head and then stops reading. */
async function pausedStream(server: { port: number }, path = '/__sandbox/events'): Promise<Socket> {
  const socket = connect(server.port, '127.0.0.1');
  await once(socket, 'connect');
  socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n\r\n`);
  const [head] = (await once(socket, 'data')) as [Buffer];
  expect(head.toString()).toMatch(/^HTTP\/1.1 200/);
  socket.pause();
  return socket;
}

let servers: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});
async function serve(options: Parameters<typeof startServer>[0] = {}) {
  const server = await startServer({ port: 0, ...options });
  servers.push(server);
  return server;
}

describe('an event stream whose client stops reading', () => {
  it('holds at most its bound, then sends where to resume and ends', async () => {
    const sandbox = createSandbox();
    let ended = 0;
    const stream = readEvents(sandbox, { closing: NEVER, boundBytes: 20_000, onEnd: () => (ended += 1) });
    for (let i = 0; i < 200; i++) await getBalance(sandbox);
    const text = await readAll(stream);
    expect(text.length).toBeLessThan(20_000 + 1_000);
    const events = eventsOf(text);
    const last = events.at(-1)!;
    expect(last.type).toBe('overflow');
    expect(last.data['lastEventId']).toBe(Number(events.at(-2)!.id));
    expect(last.data['message']).toMatch(/Last-Event-ID/);
    expect(events.length).toBeLessThan(200);
    expect(ended).toBe(1);
    // Resuming from where it said reads every request after, none twice, none lost.
    const resumed = readEvents(sandbox, { closing: NEVER, since: last.data['lastEventId'] as number });
    let rest = '';
    while (eventsOf(rest).length < 200 - events.length + 1) rest += await resumed.read();
    await resumed.cancel();
    const ids = [...events.slice(0, -1), ...eventsOf(rest)].map((event) => Number(event.id));
    expect(ids).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
  });

  it('over HTTP: a paused client gets no more than the bound held for it, and the server stops listening for it', async () => {
    const server = await serve({ journalBodies: 1000 });
    let listening = 0;
    const subscribe = server.sandbox.subscribe.bind(server.sandbox);
    server.sandbox.subscribe = (listener) => {
      listening += 1;
      const stop = subscribe(listener);
      return () => ((listening -= 1), stop());
    };
    const socket = await pausedStream(server);
    await expect.poll(() => listening).toBe(1);
    // Events of ~60 KB each: the socket's buffers fill, then the stream's bound of 1 MiB.
    for (let i = 0; i < 1000 && listening > 0; i++) await bigOrder(server.url);
    expect(listening).toBe(0);
    socket.resume();
    let text = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
    await once(socket, 'end');
    expect(text).toMatch(/event: overflow\ndata: \{"lastEventId":\d+,/);
  });

  it('over HTTP: counts what the socket could not send against the bound, and ends the stream past it', async () => {
    const sandbox = createSandbox({ journalBodies: 1000 });
    const boundBytes = 256 * 1024;
    let ended = 0;
    const node = createServer(nodeHandler(nodeApiRequestOf, (_request, reply) => reply.answered(eventStream(sandbox, { closing: NEVER, boundBytes, onEnd: () => (ended += 1) }))));
    let res: ServerResponse | undefined;
    node.on('request', (_req, response: ServerResponse) => (res = response));
    node.listen(0, '127.0.0.1');
    await once(node, 'listening');
    try {
      const socket = await pausedStream(node.address() as AddressInfo);
      let held = 0;
      for (let i = 0; i < 2000 && ended === 0; i++) {
        await bigOrderIn(sandbox);
        held = Math.max(held, res!.writableLength);
      }
      expect(ended).toBe(1);
      // The bound, and the overflow event and the chunks' framing past it.
      expect(held).toBeGreaterThan(boundBytes / 2);
      expect(held).toBeLessThan(boundBytes + 1_000);
      socket.resume();
      let text = '';
      socket.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      await once(socket, 'end');
      expect(text).toMatch(/event: overflow\ndata: \{"lastEventId":\d+,/);
    } finally {
      node.closeAllConnections();
      node.close();
    }
  });

  it('replays ?since= as the client reads: a paused one stops the replay', async () => {
    const sandbox = createSandbox({ journalBodies: 1000 });
    for (let i = 0; i < 1000; i++) await getBalance(sandbox);
    // The replay reads the history (requests and marker rows), one row at a time.
    const history = vi.spyOn(sandbox, 'history');
    const reader = readEvents(sandbox, { closing: NEVER, since: 0 });
    await reader.read();
    expect(history.mock.calls.every(([query]) => query?.limit === 1)).toBe(true);
    const readAhead = history.mock.calls.length;
    expect(readAhead).toBeGreaterThan(0);
    expect(readAhead).toBeLessThan(400);
    let text = '';
    for (let count = 0; count < 1000; ) {
      const chunk = (await reader.read())!;
      text += chunk;
      count += chunk.split('event: request\n').length - 1;
    }
    expect(eventsOf(text).map((event) => Number(event.id))).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1));
    await reader.cancel();
  });
});

describe('a replay through resets, switches and restores', () => {
  it('goes on through them, as the client reads: every request and marker row once, in order', async () => {
    const sandbox = createSandbox({ journalBodies: 1000 });
    const snapshot = await sandbox.snapshot();
    for (let i = 0; i < 300; i++) await getBalance(sandbox);
    await sandbox.reset();
    for (let i = 0; i < 300; i++) await getBalance(sandbox);
    const history = vi.spyOn(sandbox, 'history');
    const reader = readEvents(sandbox, { closing: NEVER, since: 0 });
    await reader.read();
    // The client has read little: the replay is held back, and goes on after a switch and a restore.
    expect(history.mock.calls.length).toBeLessThan(300);
    await sandbox.useScenario('low-balance');
    await getBalance(sandbox);
    await sandbox.restore(snapshot);
    await getBalance(sandbox);
    let text = '';
    for (let rows = 0; rows < 605; ) {
      const chunk = (await reader.read())!;
      text += chunk;
      rows += chunk.split(/event: (?:request|marker)\n/).length - 1;
    }
    await reader.cancel();
    expect(history.mock.calls.every(([query]) => query?.limit === 1)).toBe(true);
    const events = eventsOf(text);
    const rows = events.filter((event) => event.type === 'request' || event.type === 'marker');
    expect(rows.map((event) => Number(event.id))).toEqual(Array.from({ length: 605 }, (_, i) => i + 1));
    expect(rows.filter((event) => event.type === 'marker').map((event) => [event.id, event.data['marker']])).toEqual([
      ['301', 'reset'],
      ['602', 'scenario'],
      ['604', 'restore'],
    ]);
    // The switch and the restore themselves are told as they happen, not held behind the replay.
    expect(events.filter((event) => event.type === 'scenario' || event.type === 'restore').map((event) => event.type)).toEqual(['scenario', 'restore']);
  });
});

describe('events are made once for all their streams', () => {
  it('serialises a request event once, however many streams follow it', async () => {
    const sandbox = createSandbox();
    // A first call renders what later ones reuse (the balance, the empty query's check): not counted.
    await getBalance(sandbox);
    const stringifyCalls = async (streams: number) => {
      const readers = Array.from({ length: streams }, () => readEvents(sandbox, { closing: NEVER }));
      const stringify = vi.spyOn(JSON, 'stringify');
      await getBalance(sandbox);
      const calls = stringify.mock.calls.length;
      stringify.mockRestore();
      await Promise.all(readers.map((reader) => reader.cancel()));
      return calls;
    };
    expect(await stringifyCalls(20)).toBe(await stringifyCalls(1));
  });

  it('encodes an event once, and writes the very same bytes to every stream', async () => {
    const sandbox = createSandbox();
    const written: Uint8Array[][] = [];
    const answers = Array.from({ length: 20 }, () => eventStream(sandbox, { closing: NEVER }));
    for (const { stream } of answers) {
      const chunks: Uint8Array[] = [];
      written.push(chunks);
      const sink: AnswerSink = { write: (chunk) => (chunks.push(chunk), true), unread: 0, end: () => undefined };
      stream.start(sink);
    }
    await getBalance(sandbox);
    for (const { stream } of answers) stream.cancel();
    const events = written.map((chunks) => chunks.at(-1)!);
    expect(new TextDecoder().decode(events[0])).toMatch(/^id: 1\nevent: request\n/);
    expect(events.every((bytes) => bytes === events[0])).toBe(true);
  });

  it('sends every stream a keep-alive comment each 15 s, and stops once the streams end', () => {
    vi.useFakeTimers();
    try {
      const sandbox = createSandbox();
      const written: string[][] = [[], []];
      const answers = written.map((texts) => {
        const answer = eventStream(sandbox, { closing: NEVER });
        answer.stream.start({ write: (chunk) => (texts.push(new TextDecoder().decode(chunk)), true), unread: 0, end: () => undefined });
        return answer;
      });
      vi.advanceTimersByTime(30_000);
      for (const texts of written) expect(texts).toEqual(['retry: 1000\n: connected\n\n', ': keep-alive\n\n', ': keep-alive\n\n']);
      for (const { stream } of answers) stream.cancel();
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the cap on open streams', () => {
  it('answers the stream past --max-streams 503 with Retry-After, and takes one again once a stream closes', async () => {
    const server = await serve({ maxStreams: 2 });
    const first = await pausedStream(server);
    await pausedStream(server);
    const refused = await sendRaw(server.port, { path: '/__sandbox/events' });
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json?.error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: expect.stringMatching(/--max-streams 2/) });
    first.destroy();
    await expect.poll(async () => (await fetch(`${server.origin}/__sandbox/events`, { method: 'HEAD' })).status).toBe(200);
  });

  it('holds under 2,000 attempts: never more than the cap open', async () => {
    const server = await serve({ maxStreams: 8 });
    const sockets: Socket[] = [];
    let refused = 0;
    for (let i = 0; i < 2000; i += 50) {
      const tries = await Promise.all(
        Array.from({ length: 50 }, async () => {
          const socket = connect(server.port, '127.0.0.1');
          sockets.push(socket);
          await once(socket, 'connect');
          socket.write(`GET /__sandbox/events HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n\r\n`);
          const [head] = (await once(socket, 'data')) as [Buffer];
          return head.toString().slice(9, 12);
        }),
      );
      refused += tries.filter((status) => status === '503').length;
      expect(tries.every((status) => status === '200' || status === '503')).toBe(true);
    }
    expect(refused).toBe(2000 - 8);
    for (const socket of sockets) socket.destroy();
  });
});

describe('streams a browser asks for on behalf of another site', () => {
  it.each([
    [{ 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'cors' }],
    [{ 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'cors' }],
    [{ 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'no-cors' }],
  ])('refuses %o with 403', async (headers) => {
    const server = await serve();
    const answer = await sendRaw(server.port, { path: '/__sandbox/events', headers });
    expect(answer.status).toBe(403);
    expect(answer.json?.error).toMatchObject({ code: 'FORBIDDEN_ORIGIN', message: expect.stringMatching(/no-cors/) });
  });

  it("takes the server's own page (same-origin, cors) and clients that send neither", async () => {
    const server = await serve();
    for (const headers of [{ 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' }, {}] as Record<string, string>[]) {
      const answer = await fetch(`${server.origin}/__sandbox/events`, { method: 'HEAD', headers });
      expect(answer.status).toBe(200);
    }
  });
});

describe('a deleted session', () => {
  it('ends the streams that follow it', async () => {
    const server = await serve();
    const created = await fetch(`${server.origin}/__sandbox/sessions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    const { id } = ((await created.json()) as { data: { id: string } }).data;
    const response = await fetch(`${server.origin}/__sandbox/sessions/${id}/events`);
    const text = response.text();
    await fetch(`${server.origin}/__sandbox/sessions/${id}`, { method: 'DELETE' });
    await expect(text).resolves.toMatch(/: connected/);
  });

  it('250 sessions created and deleted, a stream each: none stays open', async () => {
    const server = await serve({ maxStreams: 300 });
    const open = new Set<Socket>();
    for (let i = 0; i < 250; i++) {
      const created = await fetch(`${server.origin}/__sandbox/sessions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      const { id } = ((await created.json()) as { data: { id: string } }).data;
      const socket = await pausedStream(server, `/__sandbox/sessions/${id}/events`);
      open.add(socket);
      socket.once('close', () => open.delete(socket));
      socket.resume();
      await fetch(`${server.origin}/__sandbox/sessions/${id}`, { method: 'DELETE' });
    }
    await expect.poll(() => open.size, { timeout: 10_000 }).toBe(0);
  });
});
