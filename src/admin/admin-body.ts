import { isEmptyRecord } from '../api/parse-input.js';
import type { JsonBodyRules } from '../api/read-json-body.js';
import { ApiError } from '../domain/api-error.js';
import { describeValue, jsonPreview } from '../lib/json-preview.js';

/** Large enough for an inline scenario with a big catalog. */
const MAX_BODY_BYTES = 8 * 1024 * 1024;
/** Far deeper than any scenario; a deeper document would overflow the stack of the schema validators. */
const MAX_DEPTH = 64;

/**
 * An absent or empty body reads as `{}`, so each missing field is named. Its content type is the standalone server's
 * guard's to check: it refuses a write that is not JSON before the body is read.
 */
export const ADMIN_BODY: JsonBodyRules = {
  maxBytes: MAX_BODY_BYTES,
  tooLarge: `body must be at most ${MAX_BODY_BYTES} bytes; send a smaller JSON document`,
  unreadable: 'body: could not be read to its end; send it again',
  notJson: (reason) => `body: expected valid JSON (${reason})`,
  empty: { value: {} },
  maxDepth: { levels: MAX_DEPTH, message: `body: nests objects and arrays more than ${MAX_DEPTH} levels deep; no admin request needs that` },
};

/**
 * The body of a write that takes no input (`POST /reset`, `DELETE /requests`, …): none, empty or `{}`, so that a
 * client sending a body meant for another route (or bytes that are no JSON) learns it, and nothing changes.
 */
export function checkNoInput(body: unknown, route: string): void {
  if (isEmptyRecord(body)) return;
  throw new ApiError('VALIDATION_ERROR', `body: ${route} takes no input; send no body, or {} (got ${what(body)})`);
}

function what(body: unknown): string {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return describeValue(body);
  const names = Object.keys(body);
  const shown = names.slice(0, 5).map((name) => jsonPreview(name)).join(', ');
  return `${names.length === 1 ? 'the field' : 'the fields'} ${shown}${names.length > 5 ? `, … (${names.length} in all)` : ''}`;
}
