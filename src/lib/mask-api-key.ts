/**
 * Secrets shorter than this show no character of themselves: the last 4 characters of a 10-character admin
 * token are most of it. A longer one shows its last 4, enough to tell two keys apart in a journal.
 */
const SHORTEST_WITH_A_HINT = 16;

/** `Bearer <token>`, `Basic <credentials>`: an authentication scheme, then the secret. */
const WITH_SCHEME = /^([A-Za-z][\w-]*) +(\S.*)$/s;

/**
 * An API key, a token or a header value holding one, as logs, the journal, the commands and copied commands
 * show it: masked, with its last 4 characters when it is long. A value with an authentication scheme keeps
 * the scheme and masks what follows, measured without the scheme: `Bearer <10-character token>` shows as
 * `Bearer ********`, none of the token.
 */
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

/** Text bound for a log with every `sk_…` key in it masked, as `maskApiKey` does. */
export function redactApiKeys(text: string): string {
  return text.replace(KEY_LIKE, maskApiKey);
}

/** Text with each of `secrets` (the keys and tokens a command was given) masked wherever it appears, a server's message too. */
export function maskSecrets(text: string, secrets: readonly string[]): string {
  let masked = text;
  // The longest first: a secret that contains another is masked whole.
  for (const secret of [...new Set(secrets)].filter((value) => value.length >= SHORTEST_SOUGHT).sort((a, b) => b.length - a.length)) {
    masked = masked.replaceAll(secret, maskApiKey(secret));
  }
  return masked;
}

/** Text bound for a command's output: the `secrets` it was given masked (`maskSecrets`), and whatever looks like a key (`sk_…`, `Bearer <token>`). */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  return redactApiKeys(maskSecrets(text, secrets)).replace(CREDENTIAL_AFTER_SCHEME, (match, scheme: string, credential: string) =>
    looksLikeCredential(credential) ? `${scheme} ${maskApiKey(credential)}` : match,
  );
}

/**
 * Names of headers whose values are secrets, by what they contain: `x-api-key`, `authorization`, `x-auth-token`,
 * `x-secret-thing`, `session-id`, `cookie`, and whatever a client names alike. The journal shows them masked, a
 * copied curl command reads them from shell variables.
 */
const SECRET_HEADER_NAME = /auth|token|key|secret|cookie|session|password/i;

export function isSecretHeader(name: string): boolean {
  return SECRET_HEADER_NAME.test(name);
}

/**
 * The shell variable a copied command reads a secret header from: `ESIM_` and the name in capitals without its
 * `x-` (`x-api-key` → `ESIM_API_KEY`, `authorization` → `ESIM_AUTHORIZATION`, `x-auth-token` → `ESIM_AUTH_TOKEN`).
 */
export function secretVariableOf(name: string): string {
  return `ESIM_${name.replace(/^x-/i, '').toUpperCase().replace(/[^A-Z0-9]+/g, '_').replace(/^_+|_+$/g, '')}`;
}
