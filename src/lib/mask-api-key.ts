/** An API key as it may appear in logs and the journal: all but its last 4 characters masked. */
export function maskApiKey(key: string): string {
  return key.length <= 4 ? '****' : `${'*'.repeat(Math.min(key.length - 4, 12))}${key.slice(-4)}`;
}

const KEY_LIKE = /\bsk_[A-Za-z0-9_-]+/g;

/** Text bound for a log with every `sk_…` key in it masked, as `maskApiKey` does. */
export function redactApiKeys(text: string): string {
  return text.replace(KEY_LIKE, maskApiKey);
}
