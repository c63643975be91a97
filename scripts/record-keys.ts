/**
 * Stands in for the global `crypto` in @msw/data's collections in the bundled command (the way
 * lazy-message-event.ts stands in for `MessageEvent`). A collection gives each record it creates a hidden key,
 * `crypto.randomUUID()`, used only to tell records apart; the first call loads Node's Web Crypto, ~7 ms of CPU
 * that `esim-sandbox serve` spent building its store before its first answer. A count gives keys as distinct
 * in the process, shaped as a version 4 UUID, and loads nothing.
 */
let made = 0;

/** The next key: `00000000-0000-4000-8000-` and the count, 12 hex digits. */
function randomUUID(): `${string}-${string}-${string}-${string}-${string}` {
  made += 1;
  return `00000000-0000-4000-8000-${made.toString(16).padStart(12, '0')}`;
}

/** What it stands for, as far as a collection can tell. */
export const crypto = { randomUUID };
