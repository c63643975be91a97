import type { RequestAsSent } from '../state/journal.js';

/** Headers of the connection the request came on rather than of the request: the new request has its own. */
const CONNECTION_HEADERS: ReadonlySet<string> = new Set(['host', 'content-length', 'connection', 'keep-alive', 'transfer-encoding']);

/** A request as it was sent, to be answered again: same method, path, query, headers and body. */
export function replayRequest(sent: RequestAsSent): Request {
  const headers = new Headers();
  for (const [name, value] of sent.headers) if (!CONNECTION_HEADERS.has(name)) headers.append(name, value);
  const hasBody = sent.body !== undefined && sent.method !== 'GET' && sent.method !== 'HEAD';
  return new Request(new URL(sent.url, 'http://sandbox.replay'), { method: sent.method, headers, ...(hasBody && { body: sent.body }) });
}
