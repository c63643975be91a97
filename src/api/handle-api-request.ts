import type { SandboxContext } from '../context.js';
import { ApiError } from '../domain/api-error.js';
import { authorize } from '../domain/auth.js';
import type { Answer } from './answer.js';
import type { ApiRequest } from './api-request.js';
import { successAnswer } from './envelope.js';
import { readQuery } from './query.js';
import type { Route } from './route.js';
import { ROUTES } from './routes/index.js';

export const ROUTES_BY_PATH = new Map<string, Route>(ROUTES.map((route) => [route.path, route]));
const ROUTE_LIST = ROUTES.map((route) => `${route.method} ${route.path}`).join(', ');

/**
 * Answers one request to the imitated API, `routePath` being its path below the base address. Checks run
 * in the service's order: route, method, key, KYC, scope, then the route's own validation and rules.
 */
export async function handleApiRequest(
  ctx: SandboxContext,
  request: ApiRequest,
  url: URL,
  routePath: string | null,
  now: number,
): Promise<Answer> {
  const route = routePath === null ? undefined : ROUTES_BY_PATH.get(routePath);
  if (!route) {
    throw new ApiError('NOT_FOUND', `no route ${request.method} ${url.pathname}; the routes are ${ROUTE_LIST}`);
  }
  if (request.method !== route.method) {
    throw new ApiError('METHOD_NOT_ALLOWED', `${route.path} takes ${route.method}, not ${request.method}`, {
      headers: { allow: route.method },
    });
  }
  const caller = authorize(ctx.store, request.headers.get('x-api-key'), route.scope);
  const data = await route.handle(ctx, { caller, query: readQuery(url), request, now });
  return successAnswer(data);
}
