import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { pipeline } from 'node:stream/promises';

export type FetchHandler = (request: Request) => Promise<Response>;

/** A Node request as a web `Request`; the body is streamed, never buffered here. */
export function toWebRequest(req: IncomingMessage, signal?: AbortSignal): Request {
  const protocol = 'encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http';
  const url = new URL(`${originOf(protocol, req.headers.host)}${req.url?.startsWith('/') ? req.url : '/'}`);
  const headers = new Headers();
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD' && hasContent(req);
  const body = hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : null;
  return new Request(url, { method, headers, body, signal, duplex: 'half' } as RequestInit);
}

/** Writes a web `Response` to a Node response as-is; a client that went away is not an error. */
export async function writeWebResponse(response: Response, res: ServerResponse): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => { headers[name] = value; });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  res.writeHead(response.status, response.statusText || undefined, headers);
  if (response.body === null) {
    res.end();
    return;
  }
  await pipeline(Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>), res).catch(() => {
    // The client disconnected before the whole body was written.
  });
}

/** A Node request listener that answers with a fetch-standard handler. */
export function nodeHandler(handler: FetchHandler) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const disconnected = new AbortController();
    res.once('close', () => { if (!res.writableFinished) disconnected.abort(); });
    const response = await handler(toWebRequest(req, disconnected.signal));
    // `Response.error()` is the web's network error: over HTTP that is a connection closed without an answer.
    if (response.type === 'error') {
      req.socket.destroy();
      return;
    }
    // A body the handler refused unread (413) leaves the connection unusable for a next request.
    if (!req.complete) res.setHeader('connection', 'close');
    await writeWebResponse(response, res);
  };
}

function originOf(protocol: string, host: string | undefined): string {
  try {
    return new URL(`${protocol}://${host ?? 'localhost'}`).origin;
  } catch {
    return `${protocol}://localhost`;
  }
}

function hasContent(req: IncomingMessage): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}
