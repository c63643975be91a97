import { ApiError } from '../domain/api-error.js';
import type { ApiRequest } from './api-request.js';
import { isJsonMediaType } from './json-media-type.js';
import { readLimitedBody, TOO_LARGE } from './read-limited-body.js';

export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * The JSON body of a request, read as a stream and refused as soon as it passes the size limit, so an
 * oversize body is never held whole in memory.
 */
export async function readJsonBody(request: ApiRequest, maxBytes = MAX_BODY_BYTES): Promise<unknown> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!isJsonMediaType(contentType)) {
    const got = contentType ? `got ${JSON.stringify(contentType)}` : 'none was sent';
    throw new ApiError('UNSUPPORTED_MEDIA_TYPE', `Content-Type must be application/json (${got})`);
  }
  const text = await readText(request, maxBytes);
  if (text.trim() === '') throw new ApiError('VALIDATION_ERROR', 'request body is empty: send a JSON object');
  try {
    return JSON.parse(text);
  } catch (error) {
    const reason = error instanceof SyntaxError ? error.message : 'not JSON';
    throw new ApiError('VALIDATION_ERROR', `request body is not valid JSON: ${reason}`);
  }
}

async function readText(request: ApiRequest, maxBytes: number): Promise<string> {
  let body: Uint8Array | typeof TOO_LARGE;
  try {
    body = await readLimitedBody(request, maxBytes);
  } catch {
    throw new ApiError('VALIDATION_ERROR', 'request body could not be read to its end');
  }
  if (body === TOO_LARGE) throw tooLarge(maxBytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    throw new ApiError('VALIDATION_ERROR', 'request body is not valid UTF-8 text');
  }
}

function tooLarge(maxBytes: number): ApiError {
  return new ApiError('PAYLOAD_TOO_LARGE', `request body is larger than ${maxBytes} bytes (1 MiB); send a smaller body`);
}
