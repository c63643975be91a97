import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type LingerLimits, lingerIfBodyUnread } from '../../src/server/lingering-close.js';

let server: Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

/**
 * A server that answers every request at once, before reading its body, with `limits` on the linger;
 * `closed` resolves with the time its side of the (one) connection is closed.
 */
async function refusingServer(limits: LingerLimits) {
  let serverClosed!: (at: number) => void;
  const closed = new Promise<number>((resolve) => (serverClosed = resolve));
  server = createServer((_req, res) => {
    lingerIfBodyUnread(res, limits);
    res.writeHead(413, { 'content-type': 'text/plain', 'content-length': '7' }).end('refused');
  });
  server.on('connection', (socket: Socket) => socket.once('close', () => serverClosed(performance.now())));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { port: (server.address() as AddressInfo).port, closed };
}

/** A raw client that keeps its side open after the server's FIN, as a client still sending its body does. */
async function client(port: number, head: string) {
  const socket: Socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
  await once(socket, 'connect');
  let received = '';
  let error: NodeJS.ErrnoException | undefined;
  const answered = new Promise<void>((resolve) => socket.on('data', (data: Buffer) => ((received += data.toString('latin1')), resolve())));
  socket.on('error', (caught: NodeJS.ErrnoException) => (error = caught));
  socket.write(head);
  return { socket, answered, received: () => received, error: () => error };
}

/** Writes `bytes` in 64 KiB pieces, waiting for the socket to drain; stops early once the socket fails. */
async function send(socket: Socket, bytes: number, frame: (chunk: Buffer) => Buffer = (chunk) => chunk): Promise<number> {
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  let sent = 0;
  while (sent < bytes && !socket.destroyed && socket.writable) {
    sent += chunk.length;
    if (!socket.write(frame(chunk))) {
      await new Promise((resolve) => socket.once('drain', resolve).once('close', resolve).once('error', resolve));
    }
  }
  return sent;
}

const chunked = (chunk: Buffer) => Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]);

describe('lingering close after an answer written before the end of the request body', () => {
  it('answers with connection: close, reads the rest of the body, then closes without a reset', async () => {
    const { port, closed } = await refusingServer({ maxBytes: 32 * 1024 * 1024, maxMs: 10_000 });
    const bytes = 4 * 1024 * 1024;
    const sent = await client(port, `POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: ${bytes}\r\n\r\n`);
    await sent.answered;
    expect(sent.received()).toMatch(/^HTTP\/1\.1 413 /);
    expect(sent.received()).toMatch(/\r\nconnection: close\r\n/i);
    // The whole body still goes through: the server reads it after answering, then closes.
    expect(await send(sent.socket, bytes)).toBe(bytes);
    const bodyEnded = performance.now();
    expect((await closed) - bodyEnded).toBeLessThan(2_000);
    expect(sent.error()).toBeUndefined();
    expect(sent.received()).toMatch(/refused$/);
    sent.socket.destroy();
  });

  it('closes the connection once it has read maxBytes more', async () => {
    const { port, closed } = await refusingServer({ maxBytes: 1024 * 1024, maxMs: 20_000 });
    const sent = await client(port, 'POST /x HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n');
    await sent.answered;
    const started = performance.now();
    // The client keeps sending: the server stops reading and closes after 1 MiB, long before 256 MiB.
    const sentBytes = await send(sent.socket, 256 * 1024 * 1024, chunked);
    expect((await closed) - started).toBeLessThan(10_000);
    expect(sentBytes).toBeLessThan(32 * 1024 * 1024);
    sent.socket.destroy();
  });

  it('closes the connection after maxMs when the client sends no more', async () => {
    const { port, closed } = await refusingServer({ maxBytes: 32 * 1024 * 1024, maxMs: 300 });
    const sent = await client(port, 'POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000\r\n\r\n{"a":');
    await sent.answered;
    const answeredAt = performance.now();
    const closedAt = await closed;
    expect(closedAt - answeredAt).toBeGreaterThan(200);
    expect(closedAt - answeredAt).toBeLessThan(3_000);
    expect(sent.received()).toMatch(/refused$/);
    sent.socket.destroy();
  });

  it('leaves a request whose body has been read alone: the connection stays open for the next request', async () => {
    server = createServer((req, res) => {
      req.resume().on('end', () => {
        lingerIfBodyUnread(res);
        res.end('read');
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const port = (server.address() as AddressInfo).port;
    const first = await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', body: 'x'.repeat(100_000) });
    expect(first.headers.get('connection')).toBe('keep-alive');
    expect(await first.text()).toBe('read');
  });
});
