import { randomUUID } from 'node:crypto';
import { checkOptions } from '../lib/options/check-options.js';
import { codeOption, decimalOption, switchOption, textOption, type OptionValues } from '../lib/options/option-kinds.js';
import { BUDGET_OPTION, MAX_BODY_BYTES_OPTION, TIMEOUT_OPTION } from '../client/client-limits.js';

/** The options of verify and record (`verifyService`, `recordScenario` and their commands), each defined once. */
export const SERVICE_OPTIONS = {
  baseUrl: textOption({
    flag: 'base-url',
    doc: 'The base address of the service, ending in /api/v1.',
    expected: 'the http(s) address of the API, ending in /api/v1',
    normalize: (url) => {
      const trimmed = url.trim().replace(/\/+$/, '');
      return /^https?:\/\/[^/]/i.test(trimmed) && URL.canParse(trimmed) ? trimmed : undefined;
    },
    example: 'https://api.example.com/api/v1',
  }),
  apiKey: textOption({
    flag: 'api-key',
    doc: 'The API key sent in x-api-key; never printed in full. The commands also read it from $ESIM_API_KEY, which keeps it out of the process list.',
    expected: 'one word, the key the service issued',
    normalize: (key) => (/^\S+$/.test(key) ? key : undefined),
  }),
  orders: switchOption({
    flag: 'orders',
    doc:
      'Also place 1 order of 1 eSIM (the cheapest product), replay it, and resend its key with quantity 2 (at most 2 ' +
      'orders, 3 eSIMs); without it, only reads are sent.',
    default: false,
  }),
  rate: decimalOption({ flag: 'rate', doc: 'Requests per second at most.', min: 0.1, max: 50, default: 4 }),
  timeoutMs: TIMEOUT_OPTION,
  maxBodyBytes: MAX_BODY_BYTES_OPTION,
  budgetS: BUDGET_OPTION,
  log: codeOption<(line: string) => void>({
    doc: 'Where the plan is told before anything is sent.',
    expected: 'a function',
    accepts: (value) => typeof value === 'function',
    default: () => {},
    defaultText: 'nowhere',
  }),
  fetch: codeOption<typeof fetch>({ doc: 'The fetch to send requests with, for an in-process target (default: node:http and node:https).', expected: 'a fetch function', accepts: (value) => typeof value === 'function' }),
  idempotencyKey: textOption({ doc: 'The idempotencyKey of the order `orders` places. Default: `verify-` and a random UUID.', expected: 'a non-empty text' }),
};

/** How verify and record reach a deployment: `baseUrl` and `apiKey` are required. */
export type ServiceOptions = OptionValues<typeof SERVICE_OPTIONS> & { baseUrl: string; apiKey: string };

export type ResolvedServiceOptions = Required<Omit<ServiceOptions, 'fetch'>> & Pick<ServiceOptions, 'fetch'>;

/** The options, checked, with every default filled in, and the base URL without a trailing slash. */
export function resolveServiceOptions(options: ServiceOptions): ResolvedServiceOptions {
  const checked = checkOptions(SERVICE_OPTIONS, options);
  if (checked.baseUrl === undefined || checked.apiKey === undefined) throw new RangeError('give baseUrl and apiKey: the service and the key it issued');
  return { ...checked, idempotencyKey: checked.idempotencyKey ?? `verify-${randomUUID()}` } as ResolvedServiceOptions;
}
