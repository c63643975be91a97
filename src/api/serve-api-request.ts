import { setTimeout as sleep } from 'node:timers/promises';
import type { SandboxContext } from '../domain/context.js';
import { ApiError } from '../domain/api-error.js';
import { rateLimitHeaders, type RateLimitStatus } from '../domain/rate-limit.js';
import { NETWORK_ERROR, type Answer, type Outcome } from './outcome.js';
import type { ApiRequest } from './api-request.js';
import { toErrorAnswer } from './envelope.js';
import { ROUTES_BY_PATH, handleApiRequest } from './handle-api-request.js';

const API_PREFIX = '/api/v1';

export interface ServedRequest {
  /** `NETWORK_ERROR` where a fault closes the connection instead of answering. */
  outcome: Outcome;
  /** The status the sandbox answered, or would have answered before a fault lost it; 0 when dropped unhandled. */
  status: number;
  errorCode?: string;
  fault?: 'error' | 'drop' | 'lose-response';
}

const FAULT_MESSAGES: Record<number, [code: 'INTERNAL_ERROR' | 'SERVICE_UNAVAILABLE', message: string]> = {
  500: ['INTERNAL_ERROR', 'The service failed to answer this request; retry later.'],
  503: ['SERVICE_UNAVAILABLE', 'The service is temporarily unavailable; retry later.'],
};

/** One request to the imitated API, with the scenario's rate limit and faults around the route itself. */
export async function serveApiRequest(
  ctx: SandboxContext,
  request: ApiRequest,
  url: URL,
  now: number,
  basePath?: string,
): Promise<ServedRequest> {
  const routePath = routePathOf(url.pathname, basePath);
  const faults = routePath !== null && ROUTES_BY_PATH.has(routePath) ? ctx.faults.next(routePath) : undefined;
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
    answer = await handleApiRequest(ctx, request, url, routePath, now);
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

/** The path of a request below the API's base path: `/getBalance` of `/api/v1/getBalance`. */
export function routePathOf(pathname: string, basePath?: string): string | null {
  const base = basePath?.replace(/\/+$/, '');
  if (base !== undefined && pathname.startsWith(`${base}/`)) return pathname.slice(base.length);
  const at = pathname.indexOf(`${API_PREFIX}/`);
  return at === -1 ? null : pathname.slice(at + API_PREFIX.length);
}
