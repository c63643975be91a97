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
