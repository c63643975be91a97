import { once } from 'node:events';
import { connect } from 'node:net';
import { BIN, KEY, SANDBOX_READY } from '../sections/paths.ts';
import { json, spawnNode } from './processes.ts';

const PRODUCT = 'efd8480e-2903-458b-8ce3-156f0418df70';

export interface ShutdownProbe {
  /** Requests whose answer arrived whole (a status line and the end of the connection). */
  answered: number;
  /** Requests whose connection was reset or closed without an answer. */
  unanswered: number;
  exitCode: number | null;
  /** From the signal to the exit, ms. */
  exitMs: number;
}

/**
 * `orders` createOrders of `quantity` eSIMs, each on a connection of its own and sent whole, then SIGTERM to
 * the server as soon as the last is written: every request the server was sent before the signal should be
 * answered, and the process exit 0.
 */
export async function probeShutdown(orders = 50, quantity = 50): Promise<ShutdownProbe> {
  const served = await spawnNode([BIN, 'serve', '--port', '0'], SANDBOX_READY);
  const { port, origin } = new URL(served.url);
  await json(`${origin}/__sandbox/topups`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ apiKey: KEY, amountThb: 10_000_000 }),
  });
  const body = JSON.stringify({ productId: PRODUCT, quantity });
  const request =
    `POST /api/v1/createOrder HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nx-api-key: ${KEY}\r\n` +
    `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
  const sockets = await Promise.all(
    Array.from({ length: orders }, async () => {
      const socket = connect(Number(port), '127.0.0.1');
      await once(socket, 'connect');
      return socket;
    }),
  );
  const answers = sockets.map(
    (socket) =>
      new Promise<boolean>((resolve) => {
        let text = '';
        socket.setEncoding('latin1').on('data', (chunk: string) => (text += chunk));
        socket.on('error', () => undefined);
        socket.once('close', () => resolve(/^HTTP\/1.1 \d{3}/.test(text) && text.includes('\r\n\r\n')));
      }),
  );
  await Promise.all(sockets.map((socket) => new Promise((resolve) => socket.write(request, resolve))));
  const exited = once(served.child, 'exit') as Promise<[number | null]>;
  const signalledAt = performance.now();
  served.child.kill('SIGTERM');
  const [exitCode] = await exited;
  const exitMs = performance.now() - signalledAt;
  const results = await Promise.all(answers);
  const answered = results.filter(Boolean).length;
  return { answered, unanswered: orders - answered, exitCode, exitMs };
}
