import { once } from 'node:events';
import { createServer, request } from 'node:http';
import { Socket, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';

/**
 * src/server/lingering-close.ts replaces `socket.destroySoon` on a connection whose request body is unread, since
 * Node has no public way to delay the close of a `connection: close` answer until the body has been drained. It
 * relies on Node ending such an answer through that method; this test (run on Node 24 by the suite and on Node
 * 22 by `npm run test:node22`) fails when a Node release stops doing so.
 */
describe('the Node internal lingering close relies on', () => {
  it('is there: sockets have destroySoon()', () => {
    expect(typeof (Socket.prototype as Socket & { destroySoon?: unknown }).destroySoon).toBe('function');
  });

  it('ends a connection: close answer through socket.destroySoon()', async () => {
    let calls = 0;
    const server = createServer((req, res) => {
      const socket = req.socket as Socket & { destroySoon(): void };
      const destroySoon = socket.destroySoon;
      socket.destroySoon = function (this: Socket) {
        calls += 1;
        destroySoon.call(this);
      };
      res.setHeader('connection', 'close');
      res.end('answered');
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const { port } = server.address() as AddressInfo;
      const sent = request({ port, host: '127.0.0.1', method: 'POST', headers: { 'content-length': '1000000' } });
      sent.write('x'.repeat(1000));
      const [response] = (await once(sent, 'response')) as [import('node:http').IncomingMessage];
      response.resume();
      await once(response, 'end');
      sent.destroy();
      expect(calls).toBe(1);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
