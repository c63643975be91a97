import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { nextTurn } from '../lib/next-turn.js';

/** A margin for the 503s made at the end of the grace (in that turn), well inside the second a stop may take past it. */
const CUT_OFF_ANSWERS_MS = 250;

/**
 * The latest answer of a connection, kept on its socket. Node answers a connection's requests in order, so the latest
 * is the one a stop marks `connection: close` (only the last may say it: Node closes the connection after it) and the
 * last to close. A property rather than a WeakMap: setting a WeakMap's entry at every request cost getBalance over
 * HTTP ~0.3 µs of CPU a request (docs/performance.md, "The path of a read").
 */
const LATEST_ANSWER = Symbol('latest answer');

interface FollowedSocket extends Socket {
  [LATEST_ANSWER]?: ServerResponse;
}

/** The server's `request` and `checkExpectation` listeners go through `following`. */
export function gracefulClose(server: Server) {
  let closing: Promise<void> | undefined;
  let listenerClosed = false;
  const cutOff = new AbortController();

  const markedLast = new WeakSet<ServerResponse>();

  /** `res`, the latest answer of its connection, says `connection: close` (unless it says otherwise), and no earlier one does. */
  const closeAfter = (res: ServerResponse, previous: ServerResponse | undefined) => {
    if (previous !== undefined && !previous.headersSent && markedLast.delete(previous)) previous.removeHeader('connection');
    res.once('close', answerClosed);
    if (res.headersSent || res.hasHeader('connection')) return;
    res.setHeader('connection', 'close');
    markedLast.add(res);
  };

  // An answer whose head went out before the stop began leaves a keep-alive connection: close it once the
  // answer closes. Not while the accept queue drains: Node counts a connection whose request it has not read
  // yet as idle.
  const answerClosed = () => {
    if (listenerClosed) server.closeIdleConnections();
  };

  // `listener`, noting each request it is given as the latest of its connection. Followed from inside the
  // listeners rather than by listeners of their own: an event with two listeners copies its listener list on every emit.
  const following =
    (listener: (req: IncomingMessage, res: ServerResponse) => void) =>
    (req: IncomingMessage, res: ServerResponse) => {
      const socket: FollowedSocket = req.socket;
      const previous = closing ? socket[LATEST_ANSWER] : undefined;
      socket[LATEST_ANSWER] = res;
      if (closing) closeAfter(res, previous);
      listener(req, res);
    };

  /** Connections opened and not yet closed: one that has sent nothing is no request in flight. */
  const open = new Set<FollowedSocket>();
  let accepted = 0;
  server.on('connection', (socket: FollowedSocket) => {
    accepted += 1;
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });

  /**
   * Until two turns in a row accept no connection, so that connections the kernel completed before the stop are
   * answered, not reset by a listener closing under them (40 of 50 requests sent whole just before a SIGTERM were).
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
    /** Aborted at the end of a stop's grace (`AnswerOptions.cutOff`); a moment later every connection still open is closed. */
    cutOff: cutOff.signal,
    /**
     * Keeps accepting until the accept queue is empty (at most `graceMs`), then stops and closes idle connections;
     * requests in flight are answered, each connection closed after its last answer; at `graceMs`, see `cutOff`.
     * Resolves once every connection is closed; a second call returns the same promise.
     */
    close(graceMs: number): Promise<void> {
      closing ??= new Promise<void>((resolve, reject) => {
        if (!server.listening) return resolve();
        let closeAll: ReturnType<typeof setTimeout> | undefined;
        const graceOver = setTimeout(() => {
          cutOff.abort();
          closeAll = setTimeout(() => server.closeAllConnections(), CUT_OFF_ANSWERS_MS);
        }, graceMs);
        for (const socket of open) {
          const res = socket[LATEST_ANSWER];
          if (res !== undefined && !res.writableFinished) closeAfter(res, undefined);
        }
        void drainAcceptQueue(performance.now() + graceMs).then(() => {
          listenerClosed = true;
          server.close((error) => {
            clearTimeout(graceOver);
            clearTimeout(closeAll);
            if (error) reject(error);
            else resolve();
          });
          // Node closes idle keep-alive connections (a request that came on one while the queue drained was
          // answered with connection: close), but not one that has not sent a byte yet (a client's spare).
          for (const socket of open) if (socket.bytesRead === 0 && socket[LATEST_ANSWER] === undefined) socket.destroy();
        });
      });
      return closing;
    },
  };
}

