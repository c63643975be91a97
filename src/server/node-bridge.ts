import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { ApiRequest } from '../api/api-request.js';
import { RequestRecord, type RecordHeaders } from '../state/request-record.js';
import { logFailure } from '../lib/log-failure.js';
import { RecentMemo } from '../lib/recent-memo.js';
import { isStreamed, NETWORK_ERROR, type Answer, type Outcome, type Reply, type StreamedAnswer } from '../api/outcome.js';
import { announcesBody, lingerIfBodyUnread } from './lingering-close.js';
import { requestBodyStream } from './request-body-stream.js';
import { ParsedUrl } from '../lib/parsed-url.js';

/** What the listener reads of a request once: its gates and the reading of the request (below) take it from here. */
export interface NodeRequestHead {
  method: string;
  /** The request target; `/` for one that is no path (`*`, the absolute form of proxies). */
  target: string;
  /** Node's, which it reads for its own checks anyway. */
  headers: IncomingHttpHeaders;
  /** Whether it came over TLS: the scheme of the server's own origin. */
  encrypted: boolean;
  /** A body the sandbox reads: one announced by a method that takes one (not GET or HEAD). */
  hasBody: boolean;
}

export function nodeRequestHead(req: IncomingMessage): NodeRequestHead {
  return {
    method: req.method ?? 'GET',
    target: req.url?.startsWith('/') ? req.url : '/',
    headers: req.headers,
    encrypted: 'encrypted' in req.socket && req.socket.encrypted === true,
    hasBody: hasBody(req),
  };
}

/** A Node request as the admin API reads it: headers looked up in Node's raw list when asked, not copied; a body streamed, never buffered. */
export function nodeApiRequestOf(req: IncomingMessage, head: NodeRequestHead): ApiRequest {
  return {
    method: head.method,
    url: urlOf(head),
    headers: new RawHeaders(req.rawHeaders),
    body: head.hasBody ? requestBodyStream(req) : null,
  };
}

/** A call of the imitated API read straight into its record: URL, key and header list read once, the body a stream not read yet. */
export function nodeRecordOf(req: IncomingMessage, head: NodeRequestHead): RequestRecord {
  const headers = new RawHeaders(req.rawHeaders);
  const body = head.hasBody ? requestBodyStream(req) : null;
  const apiKey = headers.get('x-api-key');
  return new RequestRecord(head.method, parsedUrlOf(urlOf(head)), headers, body, apiKey === null ? null : API_KEYS.get(apiKey));
}

/**
 * The last key sent: the next request that sends the same is given this very string, whose hash is kept, where a
 * string read from the socket is hashed again at each lookup (its session, its key and account): ~0.1 µs a request.
 */
const API_KEYS = new RecentMemo(1, 1024, (key) => key);

/** Node's raw header list read as a `Headers` would answer (one object, no closures, per request). */
class RawHeaders implements RecordHeaders {
  constructor(private readonly raw: readonly string[]) {}

  get(name: string): string | null {
    return rawHeaderValue(this.raw, name);
  }

  /** `Headers.forEach`: lower-case names, in the order sent, each value trimmed. */
  forEach(callback: (value: string, name: string) => void): void {
    for (let i = 0; i + 1 < this.raw.length; i += 2) callback(trimmed(this.raw[i + 1]!), this.raw[i]!.toLowerCase());
  }
}

/** `http://<Host><path>`; a Host header that is no host (`a b`, `x/y`) gives way to localhost, the path still says what is asked. */
function urlOf({ target, encrypted, headers }: NodeRequestHead): string {
  const protocol = encrypted ? 'https' : 'http';
  const host = headers.host ?? 'localhost';
  if (urlsOfHost?.host !== host || urlsOfHost.protocol !== protocol) urlsOfHost = urlsOf(protocol, host);
  return urlsOfHost.urls.get(target);
}

/**
 * The URLs of the last paths asked for on the last host: a client asks for the same few, and the same string
 * each time is parsed, looked up and noted without being joined and hashed again.
 */
let urlsOfHost: ReturnType<typeof urlsOf> | undefined;

function urlsOf(protocol: string, host: string) {
  const plain = isPlainHost(host);
  const urls = new RecentMemo(16, 2048, (path) => {
    const url = `${protocol}://${host}${path}`;
    return plain || URL.canParse(url) ? url : `${protocol}://localhost${path}`;
  });
  return { protocol, host, urls };
}

/**
 * A host that every URL parser takes, checked without parsing a URL: a name whose last label starts with a
 * letter (one of digits would be read as an IPv4 address), or an IPv4 address, with a port of 16 bits.
 */
function isPlainHost(host: string): boolean {
  const match = PLAIN_HOST.exec(host);
  if (!match || Number(match[3]) > 65_535) return false;
  return match[1] !== undefined || match[2]!.split('.').every((part) => Number(part) <= 255);
}

const PLAIN_HOST = /^(?:((?:[a-z0-9-]+\.)*[a-z][a-z0-9-]*)|((?:\d{1,3}\.){3}\d{1,3})):(\d{1,5})$/i;

/** How many distinct URLs are kept parsed; past it the memo starts afresh. */
const KEPT_URLS = 256;

const parsed = new Map<string, ParsedUrl>();

/**
 * `new URL(text)`, parsed once for a URL asked again: a client asks for the same few URLs over and over, and
 * parsing one cost as much as answering a small read.
 */
function parsedUrlOf(text: string): ParsedUrl {
  let url = parsed.get(text);
  if (url === undefined) {
    url = new ParsedUrl(new URL(text));
    if (parsed.size >= KEPT_URLS) parsed.clear();
    parsed.set(text, url);
  }
  return url;
}

/** `Headers.get(name)` of a raw header list: every value of the name, trimmed, joined with ", "; null when absent. */
export function rawHeaderValue(raw: readonly string[], name: string): string | null {
  let value: string | null = null;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    if (!isHeaderName(raw[i]!, name)) continue;
    const found = trimmed(raw[i + 1]!);
    value = value === null ? found : `${value}, ${found}`;
  }
  return value;
}

/** Whether two header names are the same in any ASCII letter case (as `Headers` compares them), nothing made to compare. */
export function isHeaderName(candidate: string, name: string): boolean {
  if (candidate.length !== name.length) return false;
  for (let i = 0; i < name.length; i++) {
    let a = candidate.charCodeAt(i);
    let b = name.charCodeAt(i);
    if (a === b) continue;
    if (a >= 65 && a <= 90) a += 32;
    if (b >= 65 && b <= 90) b += 32;
    if (a !== b) return false;
  }
  return true;
}

/** A header value without the HTTP whitespace around it; Node's parser leaves little, so most values are taken as they are. */
function trimmed(value: string): string {
  if (value === '' || (!isHttpWhitespace(value.charCodeAt(0)) && !isHttpWhitespace(value.charCodeAt(value.length - 1)))) return value;
  return value.replace(HTTP_WHITESPACE_AROUND, '');
}

const isHttpWhitespace = (code: number) => code === 9 || code === 10 || code === 13 || code === 32;

const HTTP_WHITESPACE_AROUND = /^[\t\n\r ]+|[\t\n\r ]+$/g;

/**
 * Headers sorted by name (as a `Response` lists them) and the body in one `end()`, which Node sends with the head in
 * a single write. HEAD keeps the length of the body Node leaves out; an unread request body lingers (`lingerIfBodyUnread`).
 */
export function writeAnswer(answer: Answer, res: ServerResponse): void {
  lingerIfBodyUnread(res);
  const body = answer.bytes ?? ENCODED.get(answer.body);
  res.writeHead(answer.status, headerListOf(answer.headers, answer.status === 204 ? undefined : body.byteLength));
  res.end(body);
}

/** `headers` as Node's flat list, sorted by name, with `content-length` last when given. */
function headerListOf(headers: Record<string, string>, length: number | undefined): string[] {
  const names = Object.keys(headers);
  if (names.length > 1) names.sort();
  const list: string[] = [];
  for (const name of names) list.push(name, headers[name]!);
  if (length !== undefined) list.push('content-length', String(length));
  return list;
}

/**
 * Bodies encoded once: a string body would be measured, joined to the head and encoded on each write. A rendered
 * page or balance brings its own bytes (`answer.bytes`, kept by its sandbox).
 */
const ENCODED = new RecentMemo(8, 2 * 1024 * 1024, (text) => Buffer.from(text, 'utf8'));

/**
 * A Node request listener: the request read by `read`, answered by `answer`, the outcome written without building a
 * `Response`, in the same turn for a read. `NETWORK_ERROR`, or a failure no answer was made for, closes the connection.
 */
export function nodeHandler<R>(read: (req: IncomingMessage, head: NodeRequestHead) => R, answer: (request: R, reply: Reply, req: IncomingMessage) => void) {
  return (req: IncomingMessage, res: ServerResponse, head = nodeRequestHead(req)): void => {
    const reply = new NodeReply(req, res);
    try {
      answer(read(req, head), reply, req);
    } catch (error) {
      reply.failed(error);
    }
  };
}

class NodeReply implements Reply {
  constructor(
    private readonly req: IncomingMessage,
    private readonly res: ServerResponse,
  ) {}

  answered(outcome: Outcome): void {
    writeOutcome(outcome, this.req, this.res);
  }

  failed(error: unknown): void {
    unanswered(error, this.req, this.res);
  }
}

/**
 * A failure no answer was made for: the connection is closed (whether a createOrder was carried out is not
 * known here, and a client retries a closed connection with the same key) and the failure logged, not lost.
 */
function unanswered(error: unknown, req: IncomingMessage, res: ServerResponse): void {
  logFailure(`answering ${req.method} ${req.url}`, error);
  res.destroy();
}

function writeOutcome(outcome: Outcome, req: IncomingMessage, res: ServerResponse): void {
  try {
    if (outcome === NETWORK_ERROR) return void req.socket.destroy();
    if (res.destroyed) {
      // The client went away while the answer was being made.
      if (isStreamed(outcome)) outcome.stream.cancel();
      return;
    }
    if (isStreamed(outcome)) return writeStreamedAnswer(outcome, req, res);
    writeAnswer(outcome, res);
  } catch (error) {
    unanswered(error, req, res);
  }
}

/**
 * Writes a streamed answer: the head at once, then each chunk straight to the response as the stream writes it,
 * and the end when it ends. What the socket could not send yet waits in the response, counted as the client's
 * unread bytes; a drained socket pulls, and the client closing the connection cancels the stream.
 */
function writeStreamedAnswer({ status, headers, stream }: StreamedAnswer, req: IncomingMessage, res: ServerResponse): void {
  const list = headerListOf(headers, undefined);
  // A stream is the last answer of its connection: a client reconnects afresh, and a shutdown that ends the
  // stream then has no idle keep-alive connection left to wait for.
  list.push('connection', 'close');
  res.writeHead(status, list);
  res.flushHeaders();
  if (req.method === 'HEAD') {
    stream.cancel();
    return void res.end();
  }
  res.on('drain', () => stream.pull());
  res.once('close', () => stream.cancel());
  stream.start({
    write: (chunk) => res.write(chunk),
    get unread() {
      return res.writableLength;
    },
    end: () => endStreamed(res),
  });
}

/** Ends a streamed answer; a client that stopped reading would keep what the socket still holds for as long as it stays connected. */
function endStreamed(res: ServerResponse): void {
  res.end();
  if (res.writableFinished) return;
  const cutOff = setTimeout(() => res.destroy(), UNREAD_END_GRACE_MS).unref();
  res.once('close', () => clearTimeout(cutOff));
}

/** How long a streamed answer that has ended may wait for its client to read the rest, in ms. */
const UNREAD_END_GRACE_MS = 10_000;

/** A request body the sandbox reads: one announced by a method that takes one (not GET or HEAD). */
function hasBody(req: IncomingMessage): boolean {
  return req.method !== 'GET' && req.method !== 'HEAD' && announcesBody(req);
}
