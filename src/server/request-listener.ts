import { STATUS_CODES, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Express } from 'express';
import { checkAdminToken } from '../admin/admin-token.js';
import { answerWith } from '../api/answer.js';
import { errorAnswer } from '../api/envelope.js';
import { ApiError } from '../domain/api-error.js';
import type { SandboxHost } from '../sessions/sandbox-host.js';
import { nodeAnswerHandler, writeAnswer } from './node-bridge.js';

export interface RequestListenerOptions {
  /** When set, the admin API (`/__sandbox`) answers 401 to a request without this token. */
  adminToken?: string;
}

/**
 * The standalone server's request listener. The imitated API goes straight through the fetch bridge, on
 * plain `node:http`; the admin API and the reference page go through the express app, loaded on first use
 * so that start-up does not wait for it.
 */
export function createRequestListener(host: SandboxHost, options: RequestListenerOptions = {}): RequestListener {
  const api = nodeAnswerHandler((request) => answerWith(host, request));
  let app: Promise<Express> | undefined;
  const loadApp = () => (app ??= import('./create-app.js').then(({ createApp }) => createApp(host)));

  return (req: IncomingMessage, res: ServerResponse) => {
    const area = areaOf(req.url ?? '/');
    if (area === 'api') return void api(req, res);
    if (area === 'admin' && options.adminToken !== undefined) {
      const refused = checkAdminToken(options.adminToken, req.headers);
      if (refused) return writeAnswer(errorAnswer(refused), res);
    }
    loadApp().then(
      (express) => express(req, res),
      (error: unknown) => res.destroy(error as Error),
    );
  };
}

/** `/__sandbox…` is the admin API, `/docs…` the reference page; everything else is answered by the sandbox. */
function areaOf(url: string): 'admin' | 'docs' | 'api' {
  if (isUnder(url, '/__sandbox')) return 'admin';
  if (isUnder(url, '/docs')) return 'docs';
  return 'api';
}

/** Case-insensitive, as express matches routes. */
function isUnder(url: string, prefix: string): boolean {
  if (url.slice(0, prefix.length).toLowerCase() !== prefix) return false;
  const next = url.charCodeAt(prefix.length);
  return Number.isNaN(next) || next === 47 /* / */ || next === 63 /* ? */;
}

/**
 * A request Node could not parse (an unknown method, a malformed header, headers over 16 KiB) gets the
 * error envelope too, then the connection is closed: Node's own answer would be a bare 400 without a body.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const status = tooLarge ? 431 : 400;
  const problem = tooLarge ? 'its headers are larger than this server accepts (16 KiB)' : `it is not valid HTTP/1.1 (${error.code ?? error.message})`;
  const answer = errorAnswer(
    new ApiError('VALIDATION_ERROR', `The request could not be read: ${problem}. Send a well-formed HTTP/1.1 request.`, { status }),
  );
  const head = [`HTTP/1.1 ${status} ${STATUS_CODES[status]}`, 'connection: close'];
  for (const [name, value] of Object.entries(answer.headers)) head.push(`${name}: ${value}`);
  head.push(`content-length: ${Buffer.byteLength(answer.body)}`);
  socket.end(`${head.join('\r\n')}\r\n\r\n${answer.body}`);
}
