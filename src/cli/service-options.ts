import type { Argv } from 'yargs';
import { SERVICE_OPTIONS } from '../verify/fidelity-options.js';
import { flagValues, withFlags } from './option-flags.js';

/** The options `verify` and `record` share, as parsed: checked by `parseServiceArgs`. */
export type ServiceArgs = Record<string, unknown>;

export const API_KEY_ENV = 'ESIM_API_KEY';

export function serviceOptions<T>(yargs: Argv<T>) {
  return withFlags(yargs, SERVICE_OPTIONS)
    .demandOption('base-url', 'give --base-url, e.g. --base-url https://api.example.com/api/v1')
    .check((argv) => {
      flagValues(argv, SERVICE_OPTIONS);
      return true;
    });
}

/** The service options, checked; the key from --api-key, else from the environment. */
export function parseServiceArgs(argv: ServiceArgs, env: NodeJS.ProcessEnv = process.env) {
  const options = flagValues(argv, SERVICE_OPTIONS);
  const fromEnv = env[API_KEY_ENV];
  const apiKey = options.apiKey ?? (fromEnv === undefined || fromEnv === '' ? undefined : flagValues({ 'api-key': fromEnv }, SERVICE_OPTIONS).apiKey);
  if (apiKey === undefined) throw new Error(`give the API key with --api-key <key> or in $${API_KEY_ENV} (which keeps it out of the process list)`);
  return { ...options, baseUrl: options.baseUrl!, apiKey };
}

/** The message of a failure, for `esim-sandbox <command>: <message>`. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
