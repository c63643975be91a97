import { randomUUID } from 'node:crypto';
import { BUDGET_SECONDS, MAX_BODY_BYTES } from './client-limits.js';

/** How verify and record reach a deployment. Shared by both commands. */
export interface ServiceOptions {
  /** The API's base address, ending in `/api/v1`: `https://api.example.com/api/v1`. */
  baseUrl: string;
  /** The API key sent in `x-api-key`; never printed in full. */
  apiKey: string;
  /** Place one order of 1 eSIM, replay it and re-send its key with quantity 2. Default: false (read-only). */
  orders?: boolean;
  /** Requests per second at most. Default: 4. */
  rate?: number;
  /** How long one request may take, in milliseconds. Default: 10000. */
  timeoutMs?: number;
  /** The largest answer body taken, counted after decompression, in bytes. Default: 16 MiB. */
  maxBodyBytes?: number;
  /** The longest the whole run may take, requests and waits together, in seconds. Default: 300. */
  budgetS?: number;
  /** Where the plan is told before anything is sent. Default: nowhere. */
  log?: (line: string) => void;
  /** The fetch to send requests with. Default: the global fetch. */
  fetch?: typeof fetch;
  /** The idempotencyKey of the order `orders` places. Default: `verify-` and a random UUID. */
  idempotencyKey?: string;
}

export const SERVICE_DEFAULTS = { orders: false, rate: 4, timeoutMs: 10_000, maxBodyBytes: MAX_BODY_BYTES.default, budgetS: BUDGET_SECONDS.default } as const;

export type ResolvedServiceOptions = Required<Omit<ServiceOptions, 'fetch'>> & Pick<ServiceOptions, 'fetch'>;

/** The options with every default filled in, and the base URL without a trailing slash. */
export function resolveServiceOptions(options: ServiceOptions): ResolvedServiceOptions {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]/.test(baseUrl) || !URL.canParse(baseUrl)) {
    throw new RangeError(`baseUrl must be an http(s) URL such as https://api.example.com/api/v1 (got ${JSON.stringify(options.baseUrl)})`);
  }
  if (options.apiKey === '') throw new RangeError('apiKey is empty: give the key the service issued');
  inRange('maxBodyBytes', options.maxBodyBytes, MAX_BODY_BYTES);
  inRange('budgetS', options.budgetS, BUDGET_SECONDS);
  return {
    baseUrl,
    apiKey: options.apiKey,
    orders: options.orders ?? SERVICE_DEFAULTS.orders,
    rate: options.rate ?? SERVICE_DEFAULTS.rate,
    timeoutMs: options.timeoutMs ?? SERVICE_DEFAULTS.timeoutMs,
    maxBodyBytes: options.maxBodyBytes ?? SERVICE_DEFAULTS.maxBodyBytes,
    budgetS: options.budgetS ?? SERVICE_DEFAULTS.budgetS,
    log: options.log ?? (() => {}),
    idempotencyKey: options.idempotencyKey ?? `verify-${randomUUID()}`,
    ...(options.fetch && { fetch: options.fetch }),
  };
}

function inRange(name: string, value: number | undefined, range: { min: number; max: number }): void {
  if (value === undefined || (Number.isInteger(value) && value >= range.min && value <= range.max)) return;
  throw new RangeError(`${name} must be a whole number from ${range.min} to ${range.max} (got ${value})`);
}
