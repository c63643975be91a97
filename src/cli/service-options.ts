import type { Argv } from 'yargs';
import { BUDGET_SECONDS, MAX_BODY_BYTES } from '../verify/client-limits.js';

/** The options `verify` and `record` share: where the service is, the key, how politely to ask it. */
export interface ServiceArgs {
  baseUrl?: unknown;
  apiKey?: unknown;
  orders: boolean;
  rate: unknown;
  timeout: unknown;
  maxBodyBytes: unknown;
  budget: unknown;
}

export const API_KEY_ENV = 'ESIM_API_KEY';

export function serviceOptions<T>(yargs: Argv<T>) {
  return yargs
    .option('base-url', {
      describe: 'The base address of the service, ending in /api/v1',
      type: 'string',
      demandOption: 'give --base-url, e.g. --base-url https://api.example.com/api/v1',
      requiresArg: true,
    })
    .option('api-key', {
      describe: `The API key to call it with; also read from $${API_KEY_ENV}, which keeps it out of the process list. Never printed in full`,
      type: 'string',
      requiresArg: true,
    })
    .option('orders', {
      describe: 'Also place 1 order of 1 eSIM (the cheapest product), replay it, and resend its key with quantity 2 (at most 2 orders, 3 eSIMs); without it, only reads are sent',
      type: 'boolean',
      default: false,
    })
    .option('rate', { describe: 'Requests per second at most, from 0.1 to 50', default: '4', requiresArg: true })
    .option('timeout', { describe: 'How long one request may take, answer included, in milliseconds', default: '10000', requiresArg: true })
    .option('budget', {
      describe: 'How long the whole run may take, in seconds; a 429 is waited out only when its Retry-After fits in what is left',
      default: String(BUDGET_SECONDS.default),
      requiresArg: true,
    })
    .option('max-body-bytes', maxBodyBytesOption)
    .check((argv) => {
      parseBaseUrl(argv.baseUrl);
      if (argv.apiKey !== undefined) parseApiKey(argv.apiKey, '--api-key');
      parseRate(argv.rate);
      parseTimeout(argv.timeout);
      parseBudget(argv.budget);
      parseMaxBodyBytes(argv.maxBodyBytes);
      return true;
    });
}

/** The service options, checked; the key from --api-key, else from the environment. */
export function parseServiceArgs(argv: ServiceArgs, env: NodeJS.ProcessEnv = process.env) {
  const fromEnv = env[API_KEY_ENV];
  let apiKey: string;
  if (argv.apiKey !== undefined) apiKey = parseApiKey(argv.apiKey, '--api-key');
  else if (fromEnv !== undefined && fromEnv !== '') apiKey = parseApiKey(fromEnv, `$${API_KEY_ENV}`);
  else throw new Error(`give the API key with --api-key <key> or in $${API_KEY_ENV} (which keeps it out of the process list)`);
  return {
    baseUrl: parseBaseUrl(argv.baseUrl),
    apiKey,
    orders: argv.orders,
    rate: parseRate(argv.rate),
    timeoutMs: parseTimeout(argv.timeout),
    budgetS: parseBudget(argv.budget),
    maxBodyBytes: parseMaxBodyBytes(argv.maxBodyBytes),
  };
}

function parseBaseUrl(value: unknown): string {
  const text = typeof value === 'string' ? value.trim() : '';
  if (/^https?:\/\/[^/]/i.test(text) && URL.canParse(text)) return text.replace(/\/+$/, '');
  const got = Array.isArray(value) ? 'it was given more than once' : `got ${JSON.stringify(value)}`;
  throw new Error(`--base-url must be the http(s) address of the API, ending in /api/v1 (${got}); pass e.g. --base-url https://api.example.com/api/v1`);
}

function parseApiKey(value: unknown, where: string): string {
  if (typeof value === 'string' && /^\S+$/.test(value)) return value;
  const got = Array.isArray(value) ? 'it was given more than once' : 'it is empty or contains spaces';
  throw new Error(`${where} must be one word, the key the service issued (${got})`);
}

function parseRate(value: unknown): number {
  const rate = typeof value === 'string' && /^\d+(\.\d+)?$/.test(value) ? Number(value) : Number.NaN;
  if (rate >= 0.1 && rate <= 50) return rate;
  throw new Error(`--rate must be a number of requests per second from 0.1 to 50 (got ${JSON.stringify(value)}); pass e.g. --rate 4`);
}

export function parseTimeout(value: unknown): number {
  const ms = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (Number.isSafeInteger(ms) && ms >= 100 && ms <= 600_000) return ms;
  throw new Error(`--timeout must be a whole number of milliseconds from 100 to 600000 (got ${JSON.stringify(value)}); pass e.g. --timeout 10000 for 10 s`);
}

function parseBudget(value: unknown): number {
  const seconds = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (seconds >= BUDGET_SECONDS.min && seconds <= BUDGET_SECONDS.max) return seconds;
  throw new Error(`--budget must be a whole number of seconds from ${BUDGET_SECONDS.min} to ${BUDGET_SECONDS.max} (got ${JSON.stringify(value)}); pass e.g. --budget 300 for 5 minutes`);
}

export const maxBodyBytesOption = {
  describe: 'The largest answer body taken, in bytes, counted after decompression (a gzip bomb stops there)',
  default: String(MAX_BODY_BYTES.default),
  requiresArg: true,
} as const;

export function parseMaxBodyBytes(value: unknown): number {
  const bytes = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (bytes >= MAX_BODY_BYTES.min && bytes <= MAX_BODY_BYTES.max) return bytes;
  throw new Error(
    `--max-body-bytes must be a whole number of bytes from ${MAX_BODY_BYTES.min} to ${MAX_BODY_BYTES.max} (1 GiB) (got ${JSON.stringify(value)}); pass e.g. --max-body-bytes 33554432 for 32 MiB`,
  );
}

/** --replace-special, for the commands that write a file. */
export const replaceSpecialOption = {
  describe: 'Replace the file even when it is a symlink or not a regular file (a link is replaced, not its target)',
  type: 'boolean',
  default: false,
} as const;

/** Exit code 2: the service could not be checked (unreachable, too slow, too large an answer, not the API). */
export function cannotCheck(error: unknown): boolean {
  const name = (error as Error | undefined)?.name;
  return name === 'ServiceUnreachable' || name === 'NotTheApi';
}

/** The message of a failure, for `esim-sandbox <command>: <message>`. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
