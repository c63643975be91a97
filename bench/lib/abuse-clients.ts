import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { KEY } from '../sections/paths.ts';

const PRODUCT = 'efd8480e-2903-458b-8ce3-156f0418df70';
const BIG_ORDER = JSON.stringify({ productId: PRODUCT, quantity: 1, padding: 'x'.repeat(60_000) });

/** A createOrder of ~60 KB (refused for its unknown field, journaled with its body all the same); resolves to its time in ms. */
export async function bigOrder(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${url}/createOrder`, {
    method: 'POST',
    headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
    body: BIG_ORDER,
  });
  await response.arrayBuffer();
  return performance.now() - started;
}

export async function bigOrders(url: string, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) times.push(await bigOrder(url));
  return times;
}

/**
 * Asks for an event stream on a connection of its own and never reads past the status line: a client that
 * stopped reading. Resolves to the socket and the status answered.
 */
export async function pausedStream(origin: string, path = '/__sandbox/events'): Promise<{ socket: Socket; status: number }> {
  const { hostname, port } = new URL(origin);
  const socket = connect(Number(port), hostname);
  socket.on('error', () => undefined);
  await once(socket, 'connect');
  socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n\r\n`);
  const [head] = (await once(socket, 'data')) as [Buffer];
  socket.pause();
  return { socket, status: Number(head.toString('latin1').slice(9, 12)) };
}

/** `count` paused streams opened `batch` at a time. */
export async function pausedStreams(origin: string, count: number, path?: string, batch = 50): Promise<{ socket: Socket; status: number }[]> {
  const opened: { socket: Socket; status: number }[] = [];
  for (let i = 0; i < count; i += batch) {
    opened.push(...(await Promise.all(Array.from({ length: Math.min(batch, count - i) }, () => pausedStream(origin, path)))));
  }
  return opened;
}

export const settle = (ms = 500) => new Promise((resolve) => setTimeout(resolve, ms));
