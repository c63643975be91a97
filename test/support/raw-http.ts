import { once } from 'node:events';
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { Envelope } from './json.js';

export interface RawRequest {
  method?: string;
  path: string;
  /** Sent exactly as given; `host` defaults to `127.0.0.1:<port>`. */
  headers?: Record<string, string>;
  body?: string;
}

export interface RawAnswer<Data = unknown> {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** The parsed body of a JSON answer, its `data` as the test expects it. */
  json?: Envelope<Data>;
}

/**
 * One request to a server on 127.0.0.1 over a socket of its own, with exactly the headers given: `Host` and
 * `Origin` included, which fetch sets itself.
 */
export async function sendRaw<Data = unknown>(port: number, { method = 'GET', path, headers = {}, body }: RawRequest): Promise<RawAnswer<Data>> {
  const length = body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) };
  const sent = httpRequest({ port, host: '127.0.0.1', method, path, headers: { host: `127.0.0.1:${port}`, ...length, ...headers } });
  sent.end(body);
  const [response] = (await once(sent, 'response')) as [IncomingMessage];
  let text = '';
  for await (const chunk of response) text += String(chunk);
  const isJson = /^application\/json/.test(response.headers['content-type'] ?? '') && text !== '';
  return { status: response.statusCode!, headers: response.headers, text, ...(isJson && { json: JSON.parse(text) }) };
}
