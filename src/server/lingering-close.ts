import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface LingerLimits {
  /** How much of the rest of the body is read and discarded at most. */
  maxBytes: number;
  /** For how long at most, counted from the answer. */
  maxMs: number;
}

/** nginx lingers up to 30 s; 5 s and 32 MiB let a client on loopback or a LAN finish sending a 10 MiB body. */
const LINGER_LIMITS: LingerLimits = { maxBytes: 32 * 1024 * 1024, maxMs: 5_000 };

const lingering = new WeakSet<Socket>();

/**
 * Call before an answer is written. When the body is unread, the answer says `connection: close` and the connection
 * closes as nginx's "lingering close" does: closing a socket with body bytes in its receive buffer sends a reset, which
 * a client still sending may see before the answer (EPIPE, ECONNRESET): 94 of 150 fetches with a 10 MiB body did, 43
 * of 150 chunked (bench/oversize-bodies.ts; none with this close). So the rest of the body is read and discarded, and
 * the connection closed once the answer is out and the body has ended or `limits` are reached.
 */
export function lingerIfBodyUnread(res: ServerResponse, limits: LingerLimits = LINGER_LIMITS): void {
  const req = res.req;
  const socket = req.socket;
  if (req.complete || !announcesBody(req) || lingering.has(socket) || res.headersSent) return;
  lingering.add(socket);
  res.setHeader('connection', 'close');

  let answered = false;
  let drained = false;
  const closeWhenDone = () => {
    if (answered && drained) socket.destroy();
  };
  const stopDraining = () => {
    drained = true;
    closeWhenDone();
  };
  const timer = setTimeout(stopDraining, limits.maxMs);
  socket.once('close', () => clearTimeout(timer));

  // Whoever read the body is done with it: from here on its bytes are counted and dropped.
  req.removeAllListeners('data');
  let received = 0;
  req.on('data', (chunk: Buffer) => {
    received += chunk.byteLength;
    if (received > limits.maxBytes) stopDraining();
  });
  req.once('end', stopDraining);
  req.resume();

  // Node ends a `connection: close` answer with `socket.destroySoon()`: end, then destroy as soon as the
  // answer is flushed, unread bytes or not. On this connection it ends, then waits for the body. Node has no
  // public way to delay that close; test/unit/node-internals.test.ts (Node 22 and 24) fails if it stops doing so.
  const answerSent = () => {
    answered = true;
    closeWhenDone();
  };
  socket.destroySoon = () => {
    if (socket.writable) socket.end();
    if (socket.writableFinished) answerSent();
    else socket.once('finish', answerSent);
  };
}

/** Whether the connection of `socket` is lingering after an answer: nothing more may be written to it. */
export function isLingering(socket: object): boolean {
  return lingering.has(socket as Socket);
}

export function announcesBody(req: IncomingMessage): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}
