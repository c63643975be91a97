import { setTimeout as sleep } from 'node:timers/promises';
import type { SandboxContext } from '../context.js';
import { ApiError } from '../domain/api-error.js';
import { rateLimitHeaders, type RateLimitStatus } from '../domain/rate-limit.js';
import { toErrorResponse } from './envelope.js';
import { ROUTES_BY_PATH, handleApiRequest } from './handle-api-request.js';

const API_PREFIX = '/api/v1';

export interface ServedRequest {
  /** `Response.error()` where a fault closes the connection instead of answering. */
  response: Response;
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
export async function serveApiRequest(ctx: SandboxContext, request: Request, now: number, basePath?: string): Promise<ServedRequest> {
  const url = new URL(request.url);
  const routePath = routePathOf(url.pathname, basePath);
  const faults = routePath !== null && ROUTES_BY_PATH.has(routePath) ? ctx.faults.next(routePath) : undefined;
  if (faults && faults.latencyMs > 0) await sleep(faults.latencyMs);
  if (faults?.drop) return { response: Response.error(), status: 0, fault: 'drop' };

  let limit: RateLimitStatus | undefined;
  let response: Response;
  let errorCode: string | undefined;
  try {
    limit = ctx.rateLimiter?.admit(request.headers.get('x-api-key') ?? '');
    if (faults?.errorStatus) {
      const [code, message] = FAULT_MESSAGES[faults.errorStatus]!;
      throw new ApiError(code, message, { status: faults.errorStatus });
    }
    response = await handleApiRequest(ctx, request, url, routePath, now);
  } catch (thrown) {
    response = toErrorResponse(thrown);
    errorCode = thrown instanceof ApiError ? thrown.code : 'INTERNAL_ERROR';
  }
  if (limit) for (const [name, value] of Object.entries(rateLimitHeaders(limit))) response.headers.set(name, value);

  const served = { status: response.status, ...(errorCode !== undefined && { errorCode }) };
  if (faults?.errorStatus) return { ...served, response, fault: 'error' };
  if (faults?.loseResponse) return { ...served, response: Response.error(), fault: 'lose-response' };
  return { ...served, response };
}

/** The path of a request below the API's base path: `/getBalance` of `/api/v1/getBalance`. */
export function routePathOf(pathname: string, basePath?: string): string | null {
  const base = basePath?.replace(/\/+$/, '');
  if (base !== undefined && pathname.startsWith(`${base}/`)) return pathname.slice(base.length);
  const at = pathname.indexOf(`${API_PREFIX}/`);
  return at === -1 ? null : pathname.slice(at + API_PREFIX.length);
}
