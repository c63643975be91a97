import { setTimeout as sleep } from 'node:timers/promises';
import { boundedFetch } from '../client/bounded-read.js';
import { ServiceUnreachable } from '../client/network-error.js';
import { createSandbox } from '../sandbox.js';
import type { ScenarioSource } from '../types.js';
import { answerOf, UNKNOWN_KEY, type ReceivedAnswer, type ProbeRequest, type Target } from './exchange.js';
import type { ResolvedServiceOptions } from './fidelity-options.js';

/** `userAgent` (`esim-sandbox/<version> (verify)`) is what readiness leaves out. */
type HttpTargetOptions = Pick<ResolvedServiceOptions, 'baseUrl' | 'apiKey' | 'rate' | 'timeoutMs' | 'maxBodyBytes' | 'fetch'> & {
  budget: TimeBudget;
  userAgent?: string;
};

const RATE_LIMIT_RETRIES = 3;

/**
 * Requests one at a time, at most `rate` a second, redirects never followed. A 429 is waited out (up to 3 times)
 * only when its `Retry-After` fits in the budget; otherwise it is the answer, marked `rateLimited`.
 */
export function httpTarget(options: HttpTargetOptions): Target & { sent(): number } {
  const interval = 1000 / options.rate;
  const { budget } = options;
  let nextStart = 0;
  let sent = 0;

  const sendOnce = async (request: ProbeRequest): Promise<{ answer: ReceivedAnswer; retryAfterS?: number }> => {
    const wait = nextStart - performance.now();
    if (wait > 0) await sleep(Math.min(wait, budget.remainingMs()));
    budget.assertLeft(sent);
    nextStart = performance.now() + interval;
    sent++;
    const left = budget.remainingMs();
    const response = await boundedFetch(
      new URL(options.baseUrl + request.path),
      requestInit(request, options.apiKey, options.userAgent),
      {
        maxBodyBytes: options.maxBodyBytes,
        timeoutMs: Math.max(1, Math.min(options.timeoutMs, left)),
        ...(left < options.timeoutMs && { timeoutName: budget.name }),
        ...(options.fetch && { fetch: options.fetch }),
      },
    );
    const answer = answerOf(response.status, response.headers, response.text);
    return { answer, ...(response.status === 429 && { retryAfterS: retryAfterSeconds(response.headers.get('retry-after')) }) };
  };

  return {
    /** Retries after a 429 included. */
    sent: () => sent,
    async send(request) {
      const waits: (number | undefined)[] = [];
      for (let attempt = 0; ; attempt++) {
        const { answer: received, retryAfterS } = await sendOnce(request);
        const answer = waits.length > 0 ? { ...received, waitedOut: { count: waits.length, retryAfterS: waits } } : received;
        if (answer.status !== 429) return answer;
        const waitMs = (retryAfterS ?? 1) * 1000;
        if (attempt === RATE_LIMIT_RETRIES) return { ...answer, rateLimited: `still 429 after ${RATE_LIMIT_RETRIES} waits` };
        if (waitMs >= budget.remainingMs()) {
          const asked = retryAfterS === undefined ? 'a wait' : `Retry-After ${retryAfterS} s`;
          return { ...answer, rateLimited: `${asked} is past what is left of ${budget.name}` };
        }
        waits.push(retryAfterS);
        await sleep(waitMs);
      }
    },
  };
}

/** Seconds from `Retry-After` (a number of seconds or an HTTP date); undefined when it says neither. */
function retryAfterSeconds(value: string | null): number | undefined {
  if (value === null) return undefined;
  if (/^\s*\d+\s*$/.test(value)) return Number(value);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

function requestInit(request: ProbeRequest, apiKey: string, userAgent?: string): RequestInit & { headers: Record<string, string> } {
  return {
    method: request.method,
    headers: {
      accept: 'application/json',
      ...(userAgent && { 'user-agent': userAgent }),
      ...(request.key !== 'none' && { 'x-api-key': request.key === 'caller' ? apiKey : UNKNOWN_KEY }),
      ...(request.body !== undefined && { 'content-type': 'application/json' }),
    },
    ...(request.body !== undefined && { body: JSON.stringify(request.body) }),
  };
}

const SANDBOX_BASE_URL = 'http://sandbox.invalid/api/v1';

export function sandboxTarget(scenario: ScenarioSource, apiKey: string): Target {
  const sandbox = createSandbox({ scenario });
  return {
    async send(request) {
      const response = await sandbox.fetch(new Request(SANDBOX_BASE_URL + request.path, requestInit(request, apiKey)));
      return answerOf(response.status, response.headers, await response.text());
    },
  };
}

/** The `default` scenario's key with every scope. */
export const DEFAULT_SCENARIO_KEY = 'sk_test_full_access';

/** The total time a command may spend on a service, waits included. */
export class TimeBudget {
  readonly #ends: number;
  constructor(
    readonly seconds: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.#ends = now() + seconds * 1000;
  }

  remainingMs(): number {
    return Math.max(0, this.#ends - this.now());
  }

  get name(): string {
    return `the time budget (--budget ${this.seconds} s)`;
  }

  assertLeft(sent: number): void {
    if (this.remainingMs() > 0) return;
    throw new ServiceUnreachable(
      `${this.name} ran out after ${sent} requests, before the checks were done: the service answers too slowly; raise --budget, or --rate if the service allows it`,
    );
  }
}
