import { setTimeout as sleep } from 'node:timers/promises';
import type { SandboxContext } from '../domain/context.js';
import { ApiError } from '../domain/api-error.js';
import { rateLimitHeaders, type RateLimitStatus } from '../domain/rate-limit.js';
import { NETWORK_ERROR, type Answer, type Outcome } from './outcome.js';
import type { ApiRequest } from './api-request.js';
import { toErrorAnswer } from './envelope.js';
import { noteRequestBody } from './request-body-note.js';
import { handleApiRequest } from './handle-api-request.js';
import type { ApiRoute } from './route.js';

export interface ServedRequest {
  /** `NETWORK_ERROR` where a fault closes the connection instead of answering. */
  outcome: Outcome;
  /** The status the sandbox answered, or would have answered before a fault lost it; 0 when dropped unhandled. */
  status: number;
  errorCode?: string;
  fault?: 'error' | 'drop' | 'lose-response';
  /** The JSON request body, when it is small enough to be noted. */
  body?: unknown;
}

const FAULT_MESSAGES: Record<number, [code: 'INTERNAL_ERROR' | 'SERVICE_UNAVAILABLE', message: string]> = {
  500: ['INTERNAL_ERROR', 'The service failed to answer this request; retry later.'],
  503: ['SERVICE_UNAVAILABLE', 'The service is temporarily unavailable; retry later.'],
};

/**
 * One call of the imitated API, with the scenario's rate limit and faults around the route itself; `route`
 * is the route its path names, if any.
 */
export async function serveApiRequest(
  ctx: SandboxContext,
  request: ApiRequest,
  url: URL,
  route: ApiRoute | undefined,
  now: number,
): Promise<ServedRequest> {
  const body = noteRequestBody(request);
  const served = await serveCall(ctx, request, url, route, now);
  const noted = await body();
  return noted === undefined ? served : { ...served, body: noted };
}

async function serveCall(ctx: SandboxContext, request: ApiRequest, url: URL, route: ApiRoute | undefined, now: number): Promise<ServedRequest> {
  const faults = route?.kind === 'call' ? ctx.faults.next(route.path) : undefined;
  if (faults && faults.latencyMs > 0) await sleep(faults.latencyMs);
  if (faults?.drop) return { outcome: NETWORK_ERROR, status: 0, fault: 'drop' };

  let limit: RateLimitStatus | undefined;
  let answer: Answer;
  let errorCode: string | undefined;
  try {
    limit = ctx.rateLimiter?.admit(request.headers.get('x-api-key') ?? '');
    if (faults?.errorStatus) {
      const [code, message] = FAULT_MESSAGES[faults.errorStatus]!;
      throw new ApiError(code, message, { status: faults.errorStatus });
    }
    answer = await handleApiRequest(ctx, request, url, route, now);
  } catch (thrown) {
    answer = toErrorAnswer(thrown);
    errorCode = thrown instanceof ApiError ? thrown.code : 'INTERNAL_ERROR';
  }
  if (limit) Object.assign(answer.headers, rateLimitHeaders(limit));

  const served = { status: answer.status, ...(errorCode !== undefined && { errorCode }) };
  if (faults?.errorStatus) return { ...served, outcome: answer, fault: 'error' };
  if (faults?.loseResponse) return { ...served, outcome: NETWORK_ERROR, fault: 'lose-response' };
  return { ...served, outcome: answer };
}
