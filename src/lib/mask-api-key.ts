/**
 * Secrets shorter than this show no character of themselves: the last 4 characters of a 10-character admin
 * token are most of it. A longer one shows its last 4, enough to tell two keys apart in a journal.
 */
const SHORTEST_WITH_A_HINT = 16;

const WITH_SCHEME = /^([A-Za-z][\w-]*) +(\S.*)$/s;

/** A scheme is kept and not counted in the length: `Bearer <10-character token>` shows as `Bearer ********`. */
export function maskApiKey(key: string): string {
  const schemed = WITH_SCHEME.exec(key);
  return schemed ? `${schemed[1]} ${masked(schemed[2]!)}` : masked(key);
}

const masked = (secret: string) => (secret.length < SHORTEST_WITH_A_HINT ? '********' : `${'*'.repeat(12)}${secret.slice(-4)}`);

/** Shorter secrets are not sought in text: masking every `ab` of a message would leave nothing to read. */
const SHORTEST_SOUGHT = 4;

const KEY_LIKE = /\bsk_[A-Za-z0-9_-]+/g;
const CREDENTIAL_AFTER_SCHEME = /\b(Bearer|Basic) +([A-Za-z0-9._~+/=-]+)/gi;

/**
 * A word after `Bearer` or `Basic` that is a credential, not prose ("Bearer was sent", "Basic 10-day plan"): 8
 * characters or more with a digit or a sign among them, or 16 characters.
 */
const looksLikeCredential = (word: string) => (word.length >= 8 && /[0-9._~+/=-]/.test(word)) || word.length >= SHORTEST_WITH_A_HINT;

export function redactApiKeys(text: string): string {
  return text.replace(KEY_LIKE, maskApiKey);
}

/** `secrets` (the keys and tokens a command was given) masked wherever they appear, a server's message too. */
export function maskSecrets(text: string, secrets: readonly string[]): string {
  let masked = text;
  // The longest first: a secret that contains another is masked whole.
  for (const secret of [...new Set(secrets)].filter((value) => value.length >= SHORTEST_SOUGHT).sort((a, b) => b.length - a.length)) {
    masked = masked.replaceAll(secret, maskApiKey(secret));
  }
  return masked;
}

/** Also masks whatever looks like a key (`sk_…`, `Bearer <token>`). */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  return redactApiKeys(maskSecrets(text, secrets)).replace(CREDENTIAL_AFTER_SCHEME, (match, scheme: string, credential: string) =>
    looksLikeCredential(credential) ? `${scheme} ${maskApiKey(credential)}` : match,
  );
}

/** By what the name contains, so that whatever a client names alike is masked too. */
const SECRET_HEADER_NAME = /auth|token|key|secret|cookie|session|password/i;

export function isSecretHeader(name: string): boolean {
  return SECRET_HEADER_NAME.test(name);
}

/** `x-api-key` → `ESIM_API_KEY`, `authorization` → `ESIM_AUTHORIZATION`. */
export function secretVariableOf(name: string): string {
  return `ESIM_${name.replace(/^x-/i, '').toUpperCase().replace(/[^A-Z0-9]+/g, '_').replace(/^_+|_+$/g, '')}`;
}
