// The answers of the HTTP layer itself, to requests that never reach a route. Node's own answers to these
// are bare (a status line, no body); these are the error envelope, like every other answer.
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { errorAnswer } from '../api/envelope.js';
import { ApiError } from '../domain/api-error.js';
import { isLingering } from './lingering-close.js';
import { isHeaderName, writeAnswer } from './node-bridge.js';

interface RequestTimeouts {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
}

/** A request Node could not read gets an envelope (an unknown method 405, as the API answers a known one), then the connection is closed. */
export function clientErrorAnswerer(timeouts: RequestTimeouts) {
  return (error: NodeJS.ErrnoException, socket: Duplex): void => {
    if (error.code === 'ECONNRESET' || !socket.writable || isLingering(socket)) return void socket.destroy();
    endWithAnswer(socket, clientErrorOf(error, timeouts));
  };
}

/** The methods this server answers somewhere, for the `Allow` of a method it answers nowhere. */
const SERVER_METHODS = 'GET, HEAD, POST, DELETE, OPTIONS';

/** `CONNECT` (a proxy tunnel) gets a 405 envelope; without this listener Node closes the connection without a byte. */
export function answerConnect(req: IncomingMessage, socket: Duplex): void {
  socket.on('error', () => undefined);
  const target = JSON.stringify((req.url ?? '').slice(0, 100));
  const message = `CONNECT ${target}: this server is no proxy and opens no tunnel. It answers ${SERVER_METHODS}; send one of those to a path of its own.`;
  endWithAnswer(socket, new ApiError('METHOD_NOT_ALLOWED', message, { headers: { allow: SERVER_METHODS } }));
}

function endWithAnswer(socket: Duplex, refusal: ApiError): void {
  const answer = errorAnswer(refusal);
  const head = [`HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status]}`, 'connection: close'];
  for (const [name, value] of Object.entries(answer.headers)) head.push(`${name}: ${value}`);
  head.push(`content-length: ${Buffer.byteLength(answer.body)}`);
  socket.end(`${head.join('\r\n')}\r\n\r\n${answer.body}`);
}

function clientErrorOf(error: NodeJS.ErrnoException, timeouts: RequestTimeouts): ApiError {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return new ApiError(
      'REQUEST_TIMEOUT',
      `The request did not arrive in time: this server waits ${timeouts.headersTimeoutMs} ms for the headers and ` +
        `${timeouts.requestTimeoutMs} ms for the whole request. Send the request without pausing.`,
    );
  }
  if (error.code === 'HPE_INVALID_METHOD') {
    const message = `The request's method is none this server knows: it answers ${SERVER_METHODS}. Send one of those.`;
    return new ApiError('METHOD_NOT_ALLOWED', message, { headers: { allow: SERVER_METHODS } });
  }
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const problem = tooLarge ? 'its headers are larger than this server accepts (16 KiB)' : `it is not valid HTTP/1.1 (${error.code ?? error.message})`;
  return new ApiError('VALIDATION_ERROR', `The request could not be read: ${problem}. Send a well-formed HTTP/1.1 request.`, {
    status: tooLarge ? 431 : 400,
  });
}

/**
 * HTTP/1.1 requires one `Host`, and a server answers 400 to a request with none or with two (RFC 9112, 3.2): Node
 * keeps the first of two, where a proxy in front may have read the other. The server is made with
 * `requireHostHeader: false` so that this 400 is the envelope.
 */
export function refuseUnclearHost(req: IncomingMessage, res: ServerResponse): boolean {
  const lines = req.headers.host === undefined ? 0 : hostLines(req.rawHeaders);
  if (lines === 1) return false;
  res.setHeader('connection', 'close');
  const message =
    lines === 0
      ? 'The request has no Host header; send one naming this server, e.g. "Host: 127.0.0.1:4010" (HTTP/1.1 requires it).'
      : `The request has ${lines} Host headers; send one, naming this server (HTTP/1.1 takes exactly one, RFC 9112: two may name two servers).`;
  writeAnswer(errorAnswer(new ApiError('VALIDATION_ERROR', message)), res);
  return true;
}

/** How many `Host` lines the raw header list holds, in any letter case. */
function hostLines(raw: readonly string[]): number {
  let lines = 0;
  for (let i = 0; i < raw.length; i += 2) if (isHeaderName(raw[i]!, 'host')) lines += 1;
  return lines;
}

/** A `checkExpectation` listener: any `Expect` but `100-continue` gets a 417 envelope. */
export function answerExpectationFailed(req: IncomingMessage, res: ServerResponse): void {
  const expect = JSON.stringify((req.headers.expect ?? '').slice(0, 100));
  const message = `Expect: ${expect} cannot be met: this server knows only "100-continue". Leave the Expect header out or send 100-continue.`;
  writeAnswer(errorAnswer(new ApiError('EXPECTATION_FAILED', message)), res);
}
