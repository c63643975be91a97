/**
 * Secrets shorter than this show no character of themselves: the last 4 characters of a 10-character admin
 * token are most of it. A longer one shows its last 4, enough to tell two keys apart in a journal.
 */
const SHORTEST_WITH_A_HINT = 16;

/** An API key or other secret as it may appear in logs and the journal: masked, with its last 4 characters when it is long. */
export function maskApiKey(key: string): string {
  return key.length < SHORTEST_WITH_A_HINT ? '********' : `${'*'.repeat(12)}${key.slice(-4)}`;
}

const KEY_LIKE = /\bsk_[A-Za-z0-9_-]+/g;

/** Text bound for a log with every `sk_…` key in it masked, as `maskApiKey` does. */
export function redactApiKeys(text: string): string {
  return text.replace(KEY_LIKE, maskApiKey);
}
