/** What node:http sends and returns, in the shapes of fetch: the reader's callers see no difference. */

/** The headers fetch would send that matter here: the caller's, the body's length, and the encodings it unpacks. */
export function requestHeaders(init: HeadersInit | undefined, body: string | undefined): Record<string, string> {
  const headers = isPlainRecord(init) ? lowerCased(init) : Object.fromEntries(new Headers(init));
  headers['accept-encoding'] ??= 'gzip, deflate, br';
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
  return headers;
}

export function answerHasBody(method: string | undefined, status: number | undefined): boolean {
  return method?.toUpperCase() !== 'HEAD' && status !== 204 && status !== 304;
}

/** node:http's raw header pairs as the Headers a fetch Response would give, repeated names kept. */
export function headersOf(raw: string[]): Headers {
  const headers = new Headers();
  for (let index = 0; index + 1 < raw.length; index += 2) {
    try {
      headers.append(raw[index]!, raw[index + 1]!);
    } catch {
      // A header that Headers cannot hold (a value node:http let through) is left out: no caller could read it anyway.
    }
  }
  return headers;
}

/** A record of names and values (the proxy's forwarded headers), not a Headers object or a list of pairs. */
function isPlainRecord(init: HeadersInit | undefined): init is Record<string, string> {
  return typeof init === 'object' && !Array.isArray(init) && !(init instanceof Headers);
}

/** `record` with its names in lower case, as Headers would give them: no Headers built on each request. */
function lowerCased(record: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of Object.keys(record)) headers[name.toLowerCase()] = record[name]!;
  return headers;
}
