import { once } from 'node:events';
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type FetchHandler, nodeHandler } from '../../src/server/node-bridge.js';

let server: Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

async function serve(handler: FetchHandler): Promise<number> {
  server = createServer(nodeHandler(handler));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return (server.address() as AddressInfo).port;
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

describe('node bridge: IncomingMessage to Request', () => {
  it('builds an absolute URL from the Host header and keeps method, path and query', async () => {
    const seen = deferred<Request>();
    const port = await serve(async (request) => (seen.resolve(request), new Response(null, { status: 204 })));
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

  it('keeps every header, repeated ones included', async () => {
    const seen = deferred<Request>();
    const port = await serve(async (request) => (seen.resolve(request), new Response('ok')));
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
      return new Response(`first chunk: ${new TextDecoder().decode(first.value)}`);
    });
    const sent = httpRequest({ port, method: 'POST', path: '/api/v1/createOrder', headers: { 'transfer-encoding': 'chunked' } });
    sent.write('{"productId":');
    const response = (await once(sent, 'response'))[0] as IncomingMessage;
    expect((await readAll(response)).toString()).toBe('first chunk: {"productId":');
    sent.destroy();
  });

  it('passes a JSON body through unchanged', async () => {
    const port = await serve(async (request) => new Response(await request.text()));
    const body = JSON.stringify({ productId: 'p', quantity: 2, note: 'สวัสดี' });
    const response = await fetch(`http://127.0.0.1:${port}/api/v1/createOrder`, { method: 'POST', body });
    expect(await response.text()).toBe(body);
  });

  it('gives a request without content no body, whatever its method', async () => {
    const seen = deferred<Request>();
    const port = await serve(async (request) => (seen.resolve(request), new Response('ok')));
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
      return new Response('refused', { status: 413 });
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

describe('node bridge: Response to ServerResponse', () => {
  it('writes the status, every header and the body bytes as they are', async () => {
    const bytes = new Uint8Array([0, 255, 1, 128, 10]);
    const headers = new Headers({ 'content-type': 'application/octet-stream', 'retry-after': '3' });
    headers.append('set-cookie', 'a=1');
    headers.append('set-cookie', 'b=2');
    const port = await serve(async () => new Response(bytes, { status: 429, headers }));
    const sent = httpRequest({ port, path: '/' });
    sent.end();
    const response = (await once(sent, 'response'))[0] as IncomingMessage;
    expect(response.statusCode).toBe(429);
    expect(response.headers['content-type']).toBe('application/octet-stream');
    expect(response.headers['retry-after']).toBe('3');
    expect(response.headers['set-cookie']).toEqual(['a=1', 'b=2']);
    expect([...(await readAll(response))]).toEqual([...bytes]);
  });
});

describe('node bridge: a client that disconnects mid-request', () => {
  it('aborts the request signal and the body stream, and keeps serving', async () => {
    const received = deferred();
    const aborted = deferred();
    const bodyFailed = deferred<unknown>();
    const port = await serve(async (request) => {
      if (request.url.endsWith('/after')) return new Response('still serving');
      request.signal.addEventListener('abort', () => aborted.resolve());
      received.resolve();
      await request.text().then(() => bodyFailed.resolve('body completed'), bodyFailed.resolve);
      return new Response('too late');
    });
    const sent = httpRequest({ port, method: 'POST', path: '/api/v1/createOrder', headers: { 'content-length': '1000' } });
    sent.on('error', () => {});
    sent.write('{"productId":');
    await received.promise;
    sent.destroy();
    await aborted.promise;
    expect(await bodyFailed.promise).toBeInstanceOf(Error);
    const after = await fetch(`http://127.0.0.1:${port}/after`);
    expect(await after.text()).toBe('still serving');
  });
});
