import type { SandboxContext } from '../domain/context.js';
import { ApiError } from '../domain/api-error.js';
import { authorize } from '../domain/auth.js';
import { allowHeader, optionsAnswer, servesMethod } from './allow-header.js';
import type { Answer } from './answer.js';
import type { ApiRequest } from './api-request.js';
import { successAnswer } from './envelope.js';
import { checkPathEncoding } from './path-encoding.js';
import { readQuery } from './query.js';
import type { Route, RouteFacts } from './route.js';
import { ROUTES } from './routes/index.js';

export const ROUTES_BY_PATH = new Map<string, Route>(ROUTES.map((route) => [route.path, route]));
const ROUTE_LIST = ROUTES.map((route) => `${route.method} ${route.path}`).join(', ');

/**
 * Answers one request to the imitated API, `routePath` being its path below the base address. Checks run
 * in the service's order: route, method, key, KYC, scope, then the route's own validation and rules. HEAD
 * is answered as GET (the transport leaves the body out). What the route learns for the journal goes to `facts`.
 */
export async function handleApiRequest(
  ctx: SandboxContext,
  request: ApiRequest,
  url: URL,
  routePath: string | null,
  now: number,
  facts: RouteFacts = {},
): Promise<Answer> {
  checkPathEncoding(url.pathname);
  const route = routePath === null ? undefined : ROUTES_BY_PATH.get(routePath);
  if (!route) {
    throw new ApiError('NOT_FOUND', `no route ${request.method} ${url.pathname}; the routes are ${ROUTE_LIST}`);
  }
  if (!servesMethod(route.method, request.method)) {
    throw new ApiError('METHOD_NOT_ALLOWED', `${route.path} takes ${route.method}, not ${request.method}`, {
      headers: { allow: allowHeader([route.method]) },
    });
  }
  const caller = authorize(ctx.store, request.headers.get('x-api-key'), route.scope);
  const data = await route.handle(ctx, { caller, query: readQuery(url), request, now, facts });
  return successAnswer(data);
}

/** The answer to OPTIONS on a route of the API (204, `Allow`); undefined for a path that is no route. */
export function answerRouteOptions(routePath: string | null): Answer | undefined {
  const route = routePath === null ? undefined : ROUTES_BY_PATH.get(routePath);
  return route && optionsAnswer([route.method]);
}
