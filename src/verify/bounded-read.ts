import { byteSize } from '../lib/byte-size.js';
import { describeNetworkError, ServiceUnreachable } from './network-error.js';

/** How much of a peer's answer a client command takes: bytes after decompression, and time. */
export interface ReadLimits {
  /** The largest body taken, counted after decompression. */
  maxBodyBytes: number;
  /** How long the request may take, answer body included, in milliseconds. */
  timeoutMs: number;
  /** The option that named the address, for messages. Default: `--base-url`. */
  urlOption?: string;
  /** Says what cut the time short when it is not the per-request limit (`the time budget (--budget 60 s)`). */
  timeoutName?: string;
  fetch?: typeof fetch;
}

export interface BoundedResponse {
  status: number;
  headers: Headers;
  text: string;
}

/**
 * The one HTTP reader of the client commands. A redirect is returned as it is, never followed, so a key or
 * token goes nowhere but the address given. The body is read as a stream and abandoned as soon as it passes
 * `maxBodyBytes`, counted after decompression (fetch unpacks gzip, deflate and br on the fly), so of a 1 GiB
 * body or a gzip bomb at most the limit is kept (the bench's hostile section: the command's peak RSS grows by
 * ~52 MiB for a 1 GiB body at the 16 MiB default, the rest being chunks read and not yet collected). Every
 * failure rejects with ServiceUnreachable and a message per cause.
 */
export async function boundedFetch(url: URL, init: RequestInit, limits: ReadLimits): Promise<BoundedResponse> {
  const signal = AbortSignal.timeout(Math.max(1, Math.ceil(limits.timeoutMs)));
  const response = await (limits.fetch ?? fetch)(url, { ...init, redirect: 'manual', signal }).catch((error: unknown) => {
    throw new ServiceUnreachable(describeNetworkError(error, url, limits.timeoutMs, limits.timeoutName, limits.urlOption));
  });
  const declared = Number(response.headers.get('content-length'));
  const encoding = contentEncoding(response.headers);
  if (!encoding && declared > limits.maxBodyBytes) {
    await response.body?.cancel().catch(() => {});
    throw new ServiceUnreachable(tooLarge(url, limits.maxBodyBytes, declared));
  }
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = response.body?.getReader();
  try {
    for (let chunk = await reader?.read(); chunk && !chunk.done; chunk = await reader!.read()) {
      received += chunk.value.byteLength;
      if (received > limits.maxBodyBytes) {
        await reader!.cancel().catch(() => {});
        throw new ServiceUnreachable(encoding ? bomb(url, limits.maxBodyBytes, encoding) : tooLarge(url, limits.maxBodyBytes));
      }
      chunks.push(chunk.value);
    }
  } catch (error) {
    throw error instanceof ServiceUnreachable ? error : new ServiceUnreachable(describeBodyError(error, url, received, encoding, limits));
  }
  return { status: response.status, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') };
}

function contentEncoding(headers: Headers): string | undefined {
  const value = headers.get('content-encoding')?.trim().toLowerCase();
  return value && value !== 'identity' ? value : undefined;
}

function where(url: URL): string {
  return `${url.protocol}//${url.host}${url.pathname}`;
}

function tooLarge(url: URL, limit: number, declared?: number): string {
  const what = declared === undefined ? `it went past the limit of ${byteSize(limit)}` : `it declares ${declared} bytes, more than the limit of ${byteSize(limit)}`;
  return `the answer of ${where(url)} is too large: ${what}; raise --max-body-bytes if the service really sends that much`;
}

function bomb(url: URL, limit: number, encoding: string): string {
  return (
    `the answer of ${where(url)} is ${encoding}-compressed and unpacks to more than ${byteSize(limit)}: a decompression bomb, ` +
    `or a body larger than --max-body-bytes allows; raise --max-body-bytes only if the service really sends that much`
  );
}

/** A failure once the status line came: a timeout with part of the body, a reset, an encoding that does not unpack. */
function describeBodyError(error: unknown, url: URL, received: number, encoding: string | undefined, limits: ReadLimits): string {
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError' || name === 'AbortError') {
    const [limit, option] = limits.timeoutName ? [limits.timeoutName, '--budget'] : [`${limits.timeoutMs / 1000} s (--timeout)`, '--timeout'];
    return (
      `${where(url)} sent ${received} ${received === 1 ? 'byte' : 'bytes'} of its answer, then did not finish it within ${limit}: ` +
      `the service sends too slowly or stalls; raise ${option} if it is only slow`
    );
  }
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const code = cause?.code ?? (error as { code?: string }).code ?? '';
  if (encoding && /^Z_|ERR_ZLIB|ERR__BROTLI|BROTLI/i.test(code)) {
    return `the answer of ${where(url)} says content-encoding ${encoding} but does not unpack (${code}): the service sends a broken body`;
  }
  return `${where(url)} closed the connection in the middle of its answer, after ${received} ${received === 1 ? 'byte' : 'bytes'}${code ? ` (${code})` : ''}: is the service healthy?`;
}
