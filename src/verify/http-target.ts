import { setTimeout as sleep } from 'node:timers/promises';
import { answerOf, UNKNOWN_KEY, type ReceivedAnswer, type ProbeRequest, type Target } from './exchange.js';
import { describeNetworkError, ServiceUnreachable } from './network-error.js';

export interface HttpTargetOptions {
  /** The API's base address, ending in `/api/v1`. */
  baseUrl: string;
  apiKey: string;
  /** Requests per second at most. */
  rate: number;
  /** How long one request may take, answer body included, in milliseconds. */
  timeoutMs: number;
  /** Called before each request is sent (after the wait the rate asks for). */
  onSend?: (request: ProbeRequest) => void;
  fetch?: typeof fetch;
}

/** How often a 429 is waited out and the request sent again, and the longest wait honoured. */
const RATE_LIMIT_RETRIES = 3;
const MAX_RETRY_AFTER_S = 30;

/**
 * A deployment over HTTP, asked politely: requests one at a time, at most `rate` a second, each abandoned
 * after `timeoutMs`; a 429 is waited out as its `Retry-After` says (up to 3 times). Redirects are not
 * followed, so the key is never sent to another address than --base-url. A request that gets no answer
 * rejects with ServiceUnreachable and a message that says what to check.
 */
export function httpTarget(options: HttpTargetOptions): Target {
  const fetchImpl = options.fetch ?? fetch;
  const interval = 1000 / options.rate;
  let nextStart = 0;

  const sendOnce = async (request: ProbeRequest): Promise<{ answer: ReceivedAnswer; retryAfterS?: number }> => {
    const wait = nextStart - performance.now();
    if (wait > 0) await sleep(wait);
    nextStart = performance.now() + interval;
    options.onSend?.(request);
    const url = new URL(options.baseUrl + request.path);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (request.key !== 'none') headers['x-api-key'] = request.key === 'caller' ? options.apiKey : UNKNOWN_KEY;
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    const signal = AbortSignal.timeout(options.timeoutMs);
    try {
      const response = await fetchImpl(url, {
        method: request.method,
        headers,
        redirect: 'manual',
        signal,
        ...(request.body !== undefined && { body: JSON.stringify(request.body) }),
      });
      const answer = answerOf(response.status, response.headers, await response.text());
      const retryAfter = Number(response.headers.get('retry-after'));
      return { answer, ...(response.status === 429 && Number.isFinite(retryAfter) && { retryAfterS: retryAfter }) };
    } catch (error) {
      throw new ServiceUnreachable(describeNetworkError(error, url, options.timeoutMs));
    }
  };

  return {
    async send(request) {
      for (let attempt = 0; ; attempt++) {
        const { answer, retryAfterS } = await sendOnce(request);
        if (answer.status !== 429 || attempt === RATE_LIMIT_RETRIES) return answer;
        await sleep(Math.min(Math.max(retryAfterS ?? 1, 0), MAX_RETRY_AFTER_S) * 1000);
      }
    },
  };
}
