import type { ApiRequest } from './api-request.js';
import { readLimitedBody, TOO_LARGE } from './read-limited-body.js';

/**
 * The largest request body the journal keeps, in bytes: a createOrder body is ~120 bytes, so this keeps any
 * real one while a journal of 1,000 entries stays bounded.
 */
export const MAX_NOTED_BODY_BYTES = 64 * 1024;

/**
 * Starts noting the JSON body of `request` for the journal; the function returned gives it, parsed, once the
 * request is answered, whoever read the body (the route, or nobody when a refusal or a fault came first: a web
 * `Request` copy shares one stream). Noted: a body whose declared `content-length` is at most
 * `MAX_NOTED_BODY_BYTES`, and a body made in process (`sandbox.fetch`, msw), which declares no length and is
 * read up to the bound. A streamed body over HTTP (`transfer-encoding`) or a larger one is left to the route
 * alone, whose limits and refusals stay as they are. Gives undefined for no body, a larger one, or no JSON.
 */
export function noteRequestBody(request: ApiRequest): () => Promise<unknown> {
  if (request.body === null || !(request instanceof Request) || !isNoted(request)) return async () => undefined;
  const copy = request.clone();
  return async () => {
    try {
      const bytes = await readLimitedBody(copy, MAX_NOTED_BODY_BYTES);
      return bytes === TOO_LARGE ? undefined : (JSON.parse(new TextDecoder().decode(bytes)) as unknown);
    } catch {
      return undefined;
    }
  };
}

function isNoted(request: Request): boolean {
  const declared = request.headers.get('content-length');
  if (declared !== null) return Number(declared) <= MAX_NOTED_BODY_BYTES;
  return request.headers.get('transfer-encoding') === null;
}
