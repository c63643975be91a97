import { ApiError } from '../domain/api-error.js';
import { nestsDeeperThan } from '../lib/json-depth.js';
import type { BodySource } from './api-request.js';

/** An area's limits, and each refusal's message in the area's own words. */
export interface JsonBodyRules {
  /** The largest body read; a larger one is refused (413) as soon as that is known. */
  maxBytes: number;
  tooLarge: string;
  /** A body whose stream fails before its end (400). */
  unreadable: string;
  /** A body that is not JSON (400), given `JSON.parse`'s reason. */
  notJson(reason: string): string;
  /** When set, a `Content-Type` that is not JSON is refused (415) with this message, given what was sent. */
  wrongType?(got: string): string;
  /** When set, bytes that are not UTF-8 are refused (400) with this message; else they read as U+FFFD. */
  notUtf8?: string;
  /** An empty body (or one of white space only): refused (400) with `refuse`, or read as `value`. */
  empty: { refuse: string } | { value: unknown };
  /** When set, a document that nests arrays and objects deeper than `levels` is refused (400). */
  maxDepth?: { levels: number; message: string };
}

/** Checks run in this order: type, size, UTF-8, emptiness, JSON, depth. */
export async function readJsonBody(request: BodySource, rules: JsonBodyRules): Promise<unknown> {
  return parseJsonText(await readBodyText(request, rules), rules);
}

/** The first half of `readJsonBody`: the body as text, its type, size and UTF-8 checked. */
export async function readBodyText(request: BodySource, rules: JsonBodyRules): Promise<string> {
  if (rules.wrongType) {
    const contentType = request.headers.get('content-type') ?? '';
    if (!isJsonMediaType(contentType)) {
      throw new ApiError('UNSUPPORTED_MEDIA_TYPE', rules.wrongType(contentType ? `got ${JSON.stringify(contentType)}` : 'none was sent'));
    }
  }
  let body: Uint8Array | typeof TOO_LARGE;
  try {
    body = await readLimitedBody(request, rules.maxBytes);
  } catch {
    throw new ApiError('VALIDATION_ERROR', rules.unreadable);
  }
  if (body === TOO_LARGE) throw new ApiError('PAYLOAD_TOO_LARGE', rules.tooLarge);
  if (rules.notUtf8 === undefined) return new TextDecoder().decode(body);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    throw new ApiError('VALIDATION_ERROR', rules.notUtf8);
  }
}

/** The second half of `readJsonBody`: the text's emptiness, JSON and depth checked. */
export function parseJsonText(text: string, rules: JsonBodyRules): unknown {
  if (text.trim() === '') {
    if ('value' in rules.empty) return rules.empty.value;
    throw new ApiError('VALIDATION_ERROR', rules.empty.refuse);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw new ApiError('VALIDATION_ERROR', rules.notJson((error as SyntaxError).message));
  }
  if (rules.maxDepth && nestsDeeperThan(body, rules.maxDepth.levels)) throw new ApiError('VALIDATION_ERROR', rules.maxDepth.message);
  return body;
}

export const TOO_LARGE = Symbol('body too large');

/**
 * `TOO_LARGE` as soon as the body is known to pass `maxBytes`, so an oversize body is never held whole: at once by
 * its `content-length`, else when the bytes read pass it (the stream is cancelled; over HTTP the server discards
 * the rest after the answer). A stream that fails mid-way rejects with its error.
 */
export async function readLimitedBody(request: BodySource, maxBytes: number): Promise<Uint8Array | typeof TOO_LARGE> {
  if (Number(request.headers.get('content-length') ?? Number.NaN) > maxBytes) return TOO_LARGE;
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    size += chunk.value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return TOO_LARGE;
    }
    chunks.push(chunk.value);
  }
  return Buffer.concat(chunks);
}

/** `application/json` or a `+json` type, parameters allowed (`application/json; charset=utf-8`), any case. */
export function isJsonMediaType(contentType: string): boolean {
  return /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(contentType.trim());
}
