import type { IncomingMessage, ServerResponse } from 'node:http';
import { NETWORK_ERROR, type Answer, type Outcome } from '../api/answer.js';
import type { ApiRequest } from '../api/api-request.js';
import { lingerIfBodyUnread } from './lingering-close.js';
import { requestBodyStream } from './request-body-stream.js';

export type FetchHandler = (request: Request) => Promise<Response>;
export type AnswerHandler = (request: ApiRequest) => Promise<Outcome>;

/**
 * A Node request as a web `Request`. A body is streamed, never buffered here; a request without one gets
 * no stream at all, and no abort signal (its answer is computed without waiting on the client).
 */
export function toWebRequest(req: IncomingMessage, signal?: AbortSignal): Request {
  const method = req.method ?? 'GET';
  const headers = headerPairs(req.rawHeaders);
  const init = hasBody(req)
    ? ({ method, headers, body: requestBodyStream(req), signal, duplex: 'half' } as RequestInit)
    : { method, headers, signal };
  return new Request(urlOf(req), init);
}

/**
 * A request without a body as the API reads it (`ApiRequest`): headers are looked up in Node's raw list
 * when asked for, as `Headers.get` would answer, instead of being copied into a `Headers` first.
 */
class BodilessNodeRequest implements ApiRequest {
  readonly body = null;
  readonly headers: { get(name: string): string | null };

  constructor(
    readonly method: string,
    readonly url: string,
    private readonly rawHeaders: string[],
  ) {
    this.headers = { get: (name) => rawHeaderValue(rawHeaders, name) };
  }

  toRequest(): Request {
    return new Request(this.url, { method: this.method, headers: headerPairs(this.rawHeaders) });
  }
}

/** A Node request as the API reads it: a web `Request` when it has a body to stream, else a lighter object. */
export function toApiRequest(req: IncomingMessage, signal?: AbortSignal): ApiRequest {
  if (hasBody(req)) return toWebRequest(req, signal);
  return new BodilessNodeRequest(req.method ?? 'GET', urlOf(req), req.rawHeaders);
}

/** `http://<Host><path>`; a Host header that is no host (`a b`, `x/y`) gives way to localhost, the path still says what is asked. */
function urlOf(req: IncomingMessage): string {
  const path = req.url?.startsWith('/') ? req.url : '/';
  const protocol = 'encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http';
  const url = `${protocol}://${req.headers.host ?? 'localhost'}${path}`;
  return URL.canParse(url) ? url : `${protocol}://localhost${path}`;
}

function headerPairs(raw: string[]): [string, string][] {
  const pairs: [string, string][] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) pairs.push([raw[i]!, raw[i + 1]!]);
  return pairs;
}

/** `Headers.get(name)` of a raw header list: every value of the name, trimmed, joined with ", "; null when absent. */
export function rawHeaderValue(raw: readonly string[], name: string): string | null {
  const wanted = name.toLowerCase();
  let value: string | null = null;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const candidate = raw[i]!;
    if (candidate.length !== wanted.length || candidate.toLowerCase() !== wanted) continue;
    const found = raw[i + 1]!.replace(HTTP_WHITESPACE_AROUND, '');
    value = value === null ? found : `${value}, ${found}`;
  }
  return value;
}

const HTTP_WHITESPACE_AROUND = /^[\t\n\r ]+|[\t\n\r ]+$/g;

/**
 * Writes a web `Response` to a Node response: the status, every header, and the body bytes in one
 * `end()` (the answers of this sandbox are small JSON documents, whole before they are sent). The length
 * is that of the body, or the one given by a response without a body (the answer to HEAD). A request
 * body not read to its end is drained, then the connection closed (see `lingerIfBodyUnread`).
 */
export async function writeWebResponse(response: Response, res: ServerResponse): Promise<void> {
  const body = response.body === null ? null : Buffer.from(await response.arrayBuffer());
  const headers: string[] = [];
  response.headers.forEach((value, name) => {
    if (name !== 'content-length' || body === null) headers.push(name, value);
  });
  if (body !== null) headers.push('content-length', String(body.byteLength));
  if (res.destroyed) return; // The client went away while the body was being read.
  lingerIfBodyUnread(res);
  res.writeHead(response.status, response.statusText || undefined, headers);
  res.end(body);
}

/**
 * Writes an answer of the sandbox: status, headers (in the order a `Response` would list them) and the
 * body in one `end()`, which Node sends with the head in a single write. A 204 has no length; the answer
 * to HEAD keeps the length of the body Node leaves out. A request body not read to its end is drained,
 * then the connection closed (see `lingerIfBodyUnread`).
 */
export function writeAnswer(answer: Answer, res: ServerResponse): void {
  lingerIfBodyUnread(res);
  const headers: string[] = [];
  for (const name of Object.keys(answer.headers).sort()) headers.push(name, answer.headers[name]!);
  if (answer.status !== 204) headers.push('content-length', String(Buffer.byteLength(answer.body)));
  res.writeHead(answer.status, headers);
  res.end(answer.body);
}

/** A Node request listener that answers with a fetch-standard handler. */
export function nodeHandler(handler: FetchHandler) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const response = await handler(requestOf(req, res));
    // `Response.error()` is the web's network error: over HTTP that is a connection closed without an answer.
    if (response.type === 'error') return void req.socket.destroy();
    await writeWebResponse(response, res);
  };
}

/** A Node request listener that answers with the sandbox's own answers, without building a `Response`. */
export function nodeAnswerHandler(handler: AnswerHandler) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const outcome = await handler(toApiRequest(req, bodyAbortSignal(req, res)));
    if (outcome === NETWORK_ERROR) return void req.socket.destroy();
    if (res.destroyed) return;
    writeAnswer(outcome, res);
  };
}

/** The web request of a Node request; one with a body is aborted when the client goes away mid-request. */
function requestOf(req: IncomingMessage, res: ServerResponse): Request {
  return toWebRequest(req, bodyAbortSignal(req, res));
}

/** A signal that aborts when the client of a request with a body goes away before the answer is written. */
function bodyAbortSignal(req: IncomingMessage, res: ServerResponse): AbortSignal | undefined {
  if (!hasBody(req)) return undefined;
  const disconnected = new AbortController();
  res.once('close', () => { if (!res.writableFinished) disconnected.abort(); });
  return disconnected.signal;
}

export function hasBody(req: IncomingMessage): boolean {
  if (req.method === 'GET' || req.method === 'HEAD') return false;
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}
