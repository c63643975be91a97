import { byteSize } from '../lib/count.js';
import type { ReadLimits } from './read-limits.js';

/** The words of a refused or broken answer body, shared by both readers so that each cause reads the same. */

export function contentEncoding(value: string | null | undefined): string | undefined {
  const encoding = value?.trim().toLowerCase();
  return encoding && encoding !== 'identity' ? encoding : undefined;
}

export function where(url: URL): string {
  return `${url.protocol}//${url.host}${url.pathname}`;
}

export function tooLarge(url: URL, limit: number, declared?: number): string {
  const what = declared === undefined ? `it went past the limit of ${byteSize(limit)}` : `it declares ${declared} bytes, more than the limit of ${byteSize(limit)}`;
  return `the answer of ${where(url)} is too large: ${what}; raise --max-body-bytes if the service really sends that much`;
}

export function bomb(url: URL, limit: number, encoding: string): string {
  return (
    `the answer of ${where(url)} is ${encoding}-compressed and unpacks to more than ${byteSize(limit)}: a decompression bomb, ` +
    `or a body larger than --max-body-bytes allows; raise --max-body-bytes only if the service really sends that much`
  );
}

export function tooManyCodings(url: URL, count: number, most: number): string {
  return `the answer of ${where(url)} says ${count} content-encodings, more than the ${most} a client unpacks: the service sends a broken body`;
}

/** A failure once the status line came: a timeout with part of the body, a reset, an encoding that does not unpack. */
export function describeBodyError(error: unknown, url: URL, received: number, encoding: string | undefined, limits: ReadLimits): string {
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
