import { once } from 'node:events';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { gracefulClose } from '../../src/server/graceful-close.js';

let server: Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => (server?.listening ? server.close(resolve) : resolve(undefined)));
  server = undefined;
});

/** A server through `gracefulClose` that holds every answer until `release()`; `held` counts the requests it holds. */
async function holdingServer() {
  const waiting: ServerResponse[] = [];
  server = createServer();
  const shutdown = gracefulClose(server);
  server.on(
    'request',
    shutdown.following((req, res) => {
      waiting.push(res);
      res.setHeader('x-path', req.url ?? '');
    }),
  );
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const release = () => {
    for (const res of waiting.splice(0)) res.writeHead(200, { 'content-length': '2' }).end('ok');
  };
  return { port: (server.address() as AddressInfo).port, shutdown, release, held: () => waiting.length };
}

async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('gracefulClose', () => {
  it('marks only the last of pipelined answers in flight with connection: close, also one sent after the stop began, then closes the connection', async () => {
    const { port, shutdown, release, held } = await holdingServer();
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    const ended = once(socket, 'close');
    const request = (path: string) => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;
    socket.write(request('/a') + request('/b'));
    await until(() => held() === 2);
    const closed = shutdown.close(5_000);
    // One more on the same connection once the stop began: the mark moves on to it.
    socket.write(request('/c'));
    await until(() => held() === 3);
    release();
    await Promise.all([closed, ended]);

    const heads = received.split('HTTP/1.1 ').slice(1);
    expect(heads.map((head) => /x-path: (\S+)/i.exec(head)?.[1])).toEqual(['/a', '/b', '/c']);
    // An answer unmarked again says nothing of its connection: HTTP/1.1 keeps it open.
    expect(heads.map((head) => /connection: (\S+)/i.exec(head)?.[1]?.toLowerCase() ?? 'keep-alive')).toEqual(['keep-alive', 'keep-alive', 'close']);
  });

  it('closes a keep-alive connection whose answer was written before the stop once that answer is done, and an idle one at once', async () => {
    const { port, shutdown, release, held } = await holdingServer();
    const busy = connect(port, '127.0.0.1');
    const idle = connect(port, '127.0.0.1');
    await Promise.all([once(busy, 'connect'), once(idle, 'connect')]);
    idle.write('GET /idle HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await until(() => held() === 1);
    release();
    await once(idle, 'data');
    busy.write('GET /busy HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await until(() => held() === 1);
    const idleClosed = once(idle, 'close');
    const busyClosed = once(busy, 'close');
    let busyAnswer = '';
    busy.on('data', (chunk: Buffer) => (busyAnswer += chunk.toString()));
    const closed = shutdown.close(5_000);
    await idleClosed;
    release();
    await Promise.all([closed, busyClosed]);
    expect(busyAnswer).toMatch(/^HTTP\/1.1 200/);
    expect(busyAnswer).toMatch(/connection: close/i);
  });
});
