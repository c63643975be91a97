import { checkOption } from '../lib/options/check-options.js';
import { SERVER_OPTIONS } from '../server/server-options.js';
import { FLAG_SPELLING } from './option-flags.js';

/** Where `--admin-token` is also read from, which keeps it out of the process list. */
export const ADMIN_TOKEN_ENV = 'ESIM_SANDBOX_ADMIN_TOKEN';

/** The admin token of `--admin-token`, else of the environment; undefined for an open admin API. */
export function adminTokenOf(option: unknown): string | undefined {
  if (option !== undefined) return parseAdminToken(option);
  const fromEnv = process.env[ADMIN_TOKEN_ENV];
  return fromEnv === undefined || fromEnv === '' ? undefined : parseAdminToken(fromEnv);
}

export function parseAdminToken(value: unknown): string {
  return checkOption('adminToken', SERVER_OPTIONS.adminToken, value, FLAG_SPELLING) as string;
}
