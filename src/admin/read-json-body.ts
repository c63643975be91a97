import type { ApiRequest } from '../api/api-request.js';
import { readLimitedBody, TOO_LARGE } from '../api/read-limited-body.js';
import { ApiError } from '../domain/api-error.js';
import { nestsDeeperThan } from '../lib/json-depth.js';

/** Large enough for an inline scenario with a big catalog. */
export const ADMIN_BODY_LIMIT_BYTES = 8 * 1024 * 1024;
/** Far deeper than any scenario; a deeper document would overflow the stack of the schema validators. */
export const ADMIN_BODY_MAX_DEPTH = 64;

/** The JSON body of an admin request; an absent or empty body reads as `{}`, so each missing field is named. */
export async function readJsonBody(request: ApiRequest, limitBytes = ADMIN_BODY_LIMIT_BYTES): Promise<unknown> {
  const text = await readText(request, limitBytes);
  if (text.trim() === '') return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw new ApiError('VALIDATION_ERROR', `body: expected valid JSON (${(error as Error).message})`);
  }
  if (nestsDeeperThan(body, ADMIN_BODY_MAX_DEPTH)) {
    throw new ApiError('VALIDATION_ERROR', `body: nests objects and arrays more than ${ADMIN_BODY_MAX_DEPTH} levels deep; no admin request needs that`);
  }
  return body;
}

async function readText(request: ApiRequest, limitBytes: number): Promise<string> {
  const body = await readLimitedBody(request, limitBytes);
  if (body === TOO_LARGE) {
    throw new ApiError('PAYLOAD_TOO_LARGE', `body must be at most ${limitBytes} bytes; send a smaller JSON document`);
  }
  return new TextDecoder().decode(body);
}
