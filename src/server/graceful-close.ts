import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * The graceful stop of an HTTP server, for `RunningServer.close()` and the signals of `serve`. Call it
 * before the server receives requests: it follows each request until its answer is written.
 */
export function gracefulClose(server: Server): { close(graceMs: number): Promise<void> } {
  /** The answers not yet written, per connection, in the order of their requests (pipelining keeps it). */
  const inFlight = new Map<Socket, ServerResponse[]>();
  const markedLast = new WeakSet<ServerResponse>();
  let closing: Promise<void> | undefined;

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

  const follow = (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    const answers = inFlight.get(socket) ?? [];
    inFlight.set(socket, answers);
    answers.push(res);
    res.once('close', () => {
      answers.splice(answers.indexOf(res), 1);
      if (answers.length === 0) inFlight.delete(socket);
      // An answer whose head went out before the stop began leaves a keep-alive connection: close it now.
      if (closing) server.closeIdleConnections();
    });
    if (closing) closeAfterLast(answers);
  };
  server.prependListener('request', follow);
  server.prependListener('checkExpectation', follow);

  /** Connections opened and not yet closed: one that has sent nothing is no request in flight. */
  const open = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
    if (closing) socket.destroy();
  });
  const closeSilentConnections = () => {
    for (const socket of open) if (socket.bytesRead === 0 && !inFlight.has(socket)) socket.destroy();
  };

  return {
    /**
     * Stops accepting connections and closes idle keep-alive ones at once; requests in flight are answered
     * (each connection closed after its last answer), and whatever is still open after `graceMs` is closed
     * then. Resolves once every connection is closed; a second call returns the same promise.
     */
    close(graceMs: number): Promise<void> {
      closing ??= new Promise<void>((resolve, reject) => {
        if (!server.listening) return resolve();
        const cutOff = setTimeout(() => server.closeAllConnections(), graceMs);
        server.close((error) => {
          clearTimeout(cutOff);
          if (error) reject(error);
          else resolve();
        });
        for (const answers of inFlight.values()) closeAfterLast(answers);
        // Node closes idle keep-alive connections, but not one that has not sent a byte yet (a client's spare).
        closeSilentConnections();
      });
      return closing;
    },
  };
}
