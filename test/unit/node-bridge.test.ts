import { once } from 'node:events';
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiRequest } from '../../src/api/api-request.js';
import type { AnswerSink, AnswerStream } from '../../src/api/answer-stream.js';
import { NETWORK_ERROR, type Answer, type Outcome } from '../../src/api/outcome.js';
import { nodeApiRequestOf, nodeHandler } from '../../src/server/node-bridge.js';

/** What these tests answer with: an outcome at once, or a promise of one. */
type AnswerHandler = (request: ApiRequest) => Outcome | Promise<Outcome>;

let server: Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

async function serve(handler: AnswerHandler): Promise<number> {
  server = createServer(
    nodeHandler(nodeApiRequestOf, (request, reply) => {
      const outcome = handler(request);
      if (outcome instanceof Promise) outcome.then((done) => reply.answered(done), (error: unknown) => reply.failed(error));
      else reply.answered(outcome);
    }),
  );
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return (server.address() as AddressInfo).port;
}

function answer(body: string, status = 200, headers: Record<string, string> = {}): Answer {
  return { status, headers, body };
}

async function bodyText(request: ApiRequest): Promise<string> {
  const chunks: Uint8Array[] = [];
  const reader = request.body!.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) chunks.push(chunk.value);
  return Buffer.concat(chunks).toString();
}

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

async function readAll(response: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('node bridge: IncomingMessage to the request the sandbox reads', () => {
  it('builds an absolute URL from the Host header and keeps method, path and query', async () => {
    const seen = deferred<ApiRequest>();
    const port = await serve(async (request) => (seen.resolve(request), answer('', 204)));
    const sent = httpRequest({
      port,
      method: 'DELETE',
      path: '/api/v1/getOrders?limit=5&includeQrImages=true',
      headers: { host: 'sandbox.test:8080' },
    });
    sent.end();
    const response = (await once(sent, 'response'))[0] as IncomingMessage;
    const request = await seen.promise;
    expect(response.statusCode).toBe(204);
    expect(request.url).toBe('http://sandbox.test:8080/api/v1/getOrders?limit=5&includeQrImages=true');
    expect(request.method).toBe('DELETE');
    expect(request.body).toBeNull();
  });

  it('gives way to localhost for a Host that is no host, and keeps every Host a URL takes', async () => {
    const seen: string[] = [];
    const port = await serve(async (request) => (seen.push(request.url), answer('', 204)));
    const hosts = ['1.2.3.999:80', 'sandbox.0x:80', 'x:65536', 'a..b:1', '0x7f.1:80', '[::1]:80', 'localhost:65535', 'sandbox.test'];
    for (const host of hosts) {
      const sent = httpRequest({ port, path: '/p?q=1', headers: { host } });
      sent.end();
      await readAll((await once(sent, 'response'))[0] as IncomingMessage);
    }
    const kept = ['a..b:1', '0x7f.1:80', '[::1]:80', 'localhost:65535', 'sandbox.test'].map((host) => `http://${host}/p?q=1`);
    expect(seen).toEqual([...Array(3).fill('http://localhost/p?q=1'), ...kept]);
    for (const url of seen) expect(URL.canParse(url)).toBe(true);
  });

  it('keeps every header, repeated ones included', async () => {
    const seen = deferred<ApiRequest>();
    const port = await serve(async (request) => (seen.resolve(request), answer('ok')));
    const sent = httpRequest({ port, path: '/x', headers: { 'x-api-key': 'sk_test_full_access', 'x-tag': ['a', 'b'] } });
    sent.end();
    await readAll((await once(sent, 'response'))[0] as IncomingMessage);
    const request = await seen.promise;
    expect(request.headers.get('x-api-key')).toBe('sk_test_full_access');
    expect(request.headers.get('x-tag')).toBe('a, b');
  });

  it('hands the body over as a stream, before the client has finished sending it', async () => {
    const port = await serve(async (request) => {
      const reader = request.body!.getReader();
      const first = await reader.read();
      return answer(`first chunk: ${new TextDecoder().decode(first.value)}`);
    });
    const sent = httpRequest({ port, method: 'POST', path: '/api/v1/createOrder', headers: { 'transfer-encoding': 'chunked' } });
    sent.write('{"productId":');
    const response = (await once(sent, 'response'))[0] as IncomingMessage;
    expect((await readAll(response)).toString()).toBe('first chunk: {"productId":');
    sent.destroy();
  });

  it('passes a JSON body through unchanged', async () => {
    const port = await serve(async (request) => answer(await bodyText(request)));
    const body = JSON.stringify({ productId: 'p', quantity: 2, note: 'สวัสดี' });
    const response = await fetch(`http://127.0.0.1:${port}/api/v1/createOrder`, { method: 'POST', body });
    expect(await response.text()).toBe(body);
  });

  it('gives a request without content no body, whatever its method', async () => {
    const seen = deferred<ApiRequest>();
    const port = await serve(async (request) => (seen.resolve(request), answer('ok')));
    await (await fetch(`http://127.0.0.1:${port}/__sandbox/reset`, { method: 'POST' })).text();
    expect((await seen.promise).body).toBeNull();
  });
});

describe('node bridge: a body the handler stops reading', () => {
  it('keeps the connection open when the handler cancels the body, so that its answer is written', async () => {
    const port = await serve(async (request) => {
      const reader = request.body!.getReader();
      await reader.read();
      await reader.cancel();
      return answer('refused', 413);
    });
    const sent = httpRequest({ port, method: 'POST', path: '/api/v1/createOrder', headers: { 'transfer-encoding': 'chunked' } });
    sent.on('error', () => {});
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const writing = (async () => {
      for (let i = 0; i < 64 && !sent.destroyed; i++) if (!sent.write(chunk)) await Promise.race([once(sent, 'drain'), once(sent, 'close')]);
      sent.end();
    })();
    const response = (await once(sent, 'response'))[0] as IncomingMessage;
    expect(response.statusCode).toBe(413);
    expect(response.headers.connection).toBe('close');
    expect((await readAll(response)).toString()).toBe('refused');
    await writing;
  });
});

describe('node bridge: an answer to ServerResponse', () => {
  it('writes the status, every header and the body, with its length in bytes', async () => {
    const port = await serve(async () => answer('{"note":"สวัสดี"}', 429, { 'retry-after': '3', 'content-type': 'application/json' }));
    const sent = httpRequest({ port, path: '/' });
    sent.end();
    const response = (await once(sent, 'response'))[0] as IncomingMessage;
    expect(response.statusCode).toBe(429);
    expect(response.headers['content-type']).toBe('application/json');
    expect(response.headers['retry-after']).toBe('3');
    expect(response.headers['content-length']).toBe(String(Buffer.byteLength('{"note":"สวัสดี"}')));
    expect((await readAll(response)).toString()).toBe('{"note":"สวัสดี"}');
  });

  it('gives the answer to HEAD the length of the body it leaves out, and a 204 no length', async () => {
    const port = await serve(async (request) => (request.method === 'HEAD' ? answer('{"a":1}') : answer('', 204)));
    const head = httpRequest({ port, method: 'HEAD', path: '/' });
    head.end();
    const headResponse = (await once(head, 'response'))[0] as IncomingMessage;
    expect([headResponse.headers['content-length'], (await readAll(headResponse)).length]).toEqual(['7', 0]);
    const options = httpRequest({ port, method: 'OPTIONS', path: '/' });
    options.end();
    const noContent = (await once(options, 'response'))[0] as IncomingMessage;
    expect([noContent.statusCode, noContent.headers['content-length']]).toEqual([204, undefined]);
  });

  it('closes the connection without an answer for a network error', async () => {
    const port = await serve(async (): Promise<Outcome> => NETWORK_ERROR);
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
  });
});

/** A streamed body the test writes by hand, noting what the transport asks of it. */
function handStream() {
  const calls: string[] = [];
  let sink: AnswerSink | undefined;
  const stream: AnswerStream = {
    start: (given) => void (calls.push('start'), (sink = given)),
    pull: () => void calls.push('pull'),
    cancel: () => void calls.push('cancel'),
  };
  return { stream, calls, sink: () => sink! };
}

describe('node bridge: a streamed answer to ServerResponse', () => {
  it('writes each chunk straight to the socket, counts what it could not send as unread, and pulls once it drains', async () => {
    const { stream, calls, sink } = handStream();
    const port = await serve(async () => ({ status: 200, headers: { 'content-type': 'text/event-stream' }, stream }));
    const socket = connect(port, '127.0.0.1');
    await once(socket, 'connect');
    socket.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    const [head] = (await once(socket, 'data')) as [Buffer];
    expect(head.toString()).toMatch(/^HTTP\/1.1 200 OK\r\n[^]*connection: close\r\n/i);
    socket.pause();
    expect(calls).toEqual(['start']);
    const chunk = new Uint8Array(64 * 1024).fill(120);
    let written = 0;
    while (sink().write(chunk)) written += 1;
    expect(written).toBeLessThan(10_000);
    expect(sink().unread).toBeGreaterThan(0);
    expect(calls).toEqual(['start']);
    socket.resume();
    await expect.poll(() => calls).toEqual(['start', 'pull']);
    expect(sink().unread).toBe(0);
    socket.destroy();
    await expect.poll(() => calls).toEqual(['start', 'pull', 'cancel']);
  });

  it('answers HEAD with the head alone: the stream is cancelled, never started', async () => {
    const { stream, calls } = handStream();
    const port = await serve(async () => ({ status: 200, headers: { 'content-type': 'text/event-stream' }, stream }));
    const head = httpRequest({ port, method: 'HEAD', path: '/' });
    head.end();
    const response = (await once(head, 'response'))[0] as IncomingMessage;
    expect([response.statusCode, (await readAll(response)).length]).toEqual([200, 0]);
    expect(calls).toEqual(['cancel']);
  });
});

describe('node bridge: a client that disconnects mid-request', () => {
  it('errors the body stream, and keeps serving', async () => {
    const received = deferred();
    const bodyFailed = deferred<unknown>();
    const port = await serve(async (request) => {
      if (request.url.endsWith('/after')) return answer('still serving');
      received.resolve();
      await bodyText(request).then(() => bodyFailed.resolve('body completed'), bodyFailed.resolve);
      return answer('too late');
    });
    const sent = httpRequest({ port, method: 'POST', path: '/api/v1/createOrder', headers: { 'content-length': '1000' } });
    sent.on('error', () => {});
    sent.write('{"productId":');
    await received.promise;
    sent.destroy();
    expect(await bodyFailed.promise).toBeInstanceOf(Error);
    const after = await fetch(`http://127.0.0.1:${port}/after`);
    expect(await after.text()).toBe('still serving');
  });

  it('answers a method the fetch standard has no Request for (TRACE) with a body, instead of failing', async () => {
    const port = await serve(async (request) => answer(`${request.method} ${await bodyText(request)}`));
    const sent = httpRequest({ port, method: 'TRACE', path: '/api/v1/createOrder', headers: { 'content-length': '2' } });
    sent.end('{}');
    const response = (await once(sent, 'response'))[0] as IncomingMessage;
    expect((await readAll(response)).toString()).toBe('TRACE {}');
  });
});

describe('a failure no answer was made for', () => {
  it('closes the connection and goes to the log, with any API key in it masked', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const port = await serve(() => Promise.reject(new Error('the state could not be built for sk_test_full_access')));
      await expect(fetch(`http://127.0.0.1:${port}/api/v1/getBalance`)).rejects.toThrow();
      const logged = log.mock.calls.flat().join('\n');
      expect(logged).toContain('answering GET /api/v1/getBalance: Error: the state could not be built for ');
      expect(logged).not.toContain('sk_test_full_access');
    } finally {
      log.mockRestore();
    }
  });
});
