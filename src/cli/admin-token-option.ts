/** Where `--admin-token` is also read from, which keeps it out of the process list. */
export const ADMIN_TOKEN_ENV = 'ESIM_SANDBOX_ADMIN_TOKEN';

/** The admin token of `--admin-token`, else of the environment; undefined for an open admin API. */
export function adminTokenOf(option: unknown, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (option !== undefined) return parseAdminToken(option);
  const fromEnv = env[ADMIN_TOKEN_ENV];
  return fromEnv === undefined || fromEnv === '' ? undefined : parseAdminToken(fromEnv);
}

export function parseAdminToken(value: unknown): string {
  if (typeof value === 'string' && /^\S+$/.test(value)) return value;
  const got = Array.isArray(value) ? 'it was given more than once' : 'it is empty or contains spaces';
  throw new Error(`--admin-token must be one word of visible characters (${got}); pass e.g. --admin-token "$(openssl rand -hex 16)"`);
}
