import type { JsonBodyRules } from '../api/read-json-body.js';

/** Large enough for an inline scenario with a big catalog. */
const MAX_BODY_BYTES = 8 * 1024 * 1024;
/** Far deeper than any scenario; a deeper document would overflow the stack of the schema validators. */
const MAX_DEPTH = 64;

/**
 * How the body of an admin request is read: up to 8 MiB and 64 levels deep; an absent or empty body reads
 * as `{}`, so each missing field is named. Its type is the standalone server's guard's to check: it refuses
 * a write that is not JSON before the body is read.
 */
export const ADMIN_BODY: JsonBodyRules = {
  maxBytes: MAX_BODY_BYTES,
  tooLarge: `body must be at most ${MAX_BODY_BYTES} bytes; send a smaller JSON document`,
  unreadable: 'body: could not be read to its end; send it again',
  notJson: (reason) => `body: expected valid JSON (${reason})`,
  empty: { value: {} },
  maxDepth: { levels: MAX_DEPTH, message: `body: nests objects and arrays more than ${MAX_DEPTH} levels deep; no admin request needs that` },
};
