import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { nextTurn } from '../lib/next-turn.js';

export interface GracefulClose {
  /** `listener`, following each request it is given until its answer is written. */
  following(listener: (req: IncomingMessage, res: ServerResponse) => void): (req: IncomingMessage, res: ServerResponse) => void;
  close(graceMs: number): Promise<void>;
}

/**
 * The graceful stop of an HTTP server, for `RunningServer.close()` and the signals of `serve`. The server's
 * `request` and `checkExpectation` listeners go through `following`, which follows each request until its
 * answer is written.
 */
export function gracefulClose(server: Server): GracefulClose {
  /** The answers not yet written, per connection, in the order of their requests (pipelining keeps it). */
  const inFlight = new Map<Socket, ServerResponse[]>();
  const markedLast = new WeakSet<ServerResponse>();
  let closing: Promise<void> | undefined;
  let listenerClosed = false;

  /** Only the last answer of a connection may say `connection: close`: Node closes the connection after it. */
  const closeAfterLast = (answers: ServerResponse[]) => {
    answers.forEach((res, index) => {
      if (res.headersSent) return;
      if (index === answers.length - 1) {
        if (res.hasHeader('connection')) return;
        res.setHeader('connection', 'close');
        markedLast.add(res);
      } else if (markedLast.delete(res)) {
        res.removeHeader('connection');
      }
    });
  };

  /** One function for every answer (no closure per request): `this` is the answer that closed. */
  function answerClosed(this: ServerResponse) {
    const answers = inFlight.get(this.req.socket);
    const index = answers === undefined ? -1 : answers.indexOf(this);
    // Answers close in the order of their requests: the first, but for a connection cut short.
    if (index === 0) answers!.shift();
    else if (index > 0) answers!.splice(index, 1);
    // An answer whose head went out before the stop began leaves a keep-alive connection: close it now. Not
    // while the accept queue drains: Node counts a connection whose request it has not read yet as idle.
    if (listenerClosed) server.closeIdleConnections();
  }

  /** A connection's list of answers lives as long as the connection: most carry one request after another. */
  const follow = (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    let answers = inFlight.get(socket);
    if (answers === undefined) {
      inFlight.set(socket, (answers = []));
      socket.once('close', () => inFlight.delete(socket));
    }
    answers.push(res);
    res.on('close', answerClosed);
    if (closing) closeAfterLast(answers);
  };
  // Followed from inside the listeners rather than by listeners of their own: an event with two listeners
  // copies its listener list on every emit.
  const following =
    (listener: (req: IncomingMessage, res: ServerResponse) => void) =>
    (req: IncomingMessage, res: ServerResponse) => {
      follow(req, res);
      listener(req, res);
    };

  /** Connections opened and not yet closed: one that has sent nothing is no request in flight. */
  const open = new Set<Socket>();
  let accepted = 0;
  server.on('connection', (socket: Socket) => {
    accepted += 1;
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  const closeSilentConnections = () => {
    for (const socket of open) if (socket.bytesRead === 0 && !(inFlight.get(socket)?.length ?? 0)) socket.destroy();
  };

  /**
   * Waits until two turns of the event loop in a row accept no connection, or `deadline`. Connections the
   * kernel completed before the stop (a client cannot tell them from accepted ones) are then accepted and
   * their requests read, not reset by a listener closing under them (measured: 40 of 50 requests sent whole
   * just before a SIGTERM were reset).
   */
  const drainAcceptQueue = async (deadline: number) => {
    for (let seen = -1; seen !== accepted && performance.now() < deadline; ) {
      seen = accepted;
      await nextTurn();
      await nextTurn();
    }
  };

  return {
    following,
    /**
     * Keeps accepting until the accept queue is empty (a few turns of the event loop, at most `graceMs`), then
     * stops accepting and closes idle keep-alive connections; requests in flight are answered (each connection closed after its last answer,
     * which says `connection: close`), and whatever is still open after `graceMs` is closed then. Resolves once
     * every connection is closed; a second call returns the same promise.
     */
    close(graceMs: number): Promise<void> {
      closing ??= new Promise<void>((resolve, reject) => {
        if (!server.listening) return resolve();
        const cutOff = setTimeout(() => server.closeAllConnections(), graceMs);
        for (const answers of inFlight.values()) closeAfterLast(answers);
        void drainAcceptQueue(performance.now() + graceMs).then(() => {
          listenerClosed = true;
          server.close((error) => {
            clearTimeout(cutOff);
            if (error) reject(error);
            else resolve();
          });
          // Node closes idle keep-alive connections (a request that came on one while the queue drained was
          // answered with connection: close), but not one that has not sent a byte yet (a client's spare).
          closeSilentConnections();
        });
      });
      return closing;
    },
  };
}

