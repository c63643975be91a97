import { once } from 'node:events';
import { createServer as createTcpServer, connect, type Socket } from 'node:net';
import { expect, it } from 'vitest';
import { startServer } from 'esim-wholesale-sandbox/server';
import { startProxy } from '../../src/proxy/start-proxy.js';

/** A TCP relay in front of `port` that keeps the connections made through it. */
async function relayTo(port: number) {
  const open = new Set<Socket>();
  let opened = 0;
  const relay = createTcpServer((socket) => {
    opened++;
    open.add(socket);
    socket.once('close', () => open.delete(socket));
    const onward = connect(port, '127.0.0.1');
    socket.pipe(onward).pipe(socket);
    socket.once('close', () => onward.destroy());
    onward.once('close', () => socket.destroy());
    socket.on('error', () => {});
    onward.on('error', () => {});
  });
  relay.listen(0, '127.0.0.1');
  await once(relay, 'listening');
  const { port: relayPort } = relay.address() as { port: number };
  return { port: relayPort, opened: () => opened, open, close: () => new Promise((resolve) => relay.close(resolve)) };
}

it('forwards calls one after another over one kept-alive upstream connection, and closes it when the proxy closes', async () => {
  await using upstream = await startServer({ port: 0 });
  const relay = await relayTo(upstream.port);
  try {
    const proxy = await startProxy({ port: 0, upstream: `http://127.0.0.1:${relay.port}/api/v1` });
    try {
      for (let call = 0; call < 5; call++) {
        const answer = await fetch(`${proxy.url}/getBalance`, { headers: { 'x-api-key': 'sk_test_full_access' } });
        expect(answer.status).toBe(200);
        await answer.text();
      }
      expect(relay.opened()).toBe(1);
      expect(relay.open.size).toBe(1);
    } finally {
      await proxy.close();
    }
    const [socket] = relay.open;
    if (socket) await once(socket, 'close');
    expect(relay.open.size).toBe(0);
  } finally {
    await relay.close();
  }
});
