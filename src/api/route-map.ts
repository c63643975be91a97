import { ApiError } from '../domain/api-error.js';
import { RecentMemo } from '../lib/recent-memo.js';
import { ROUTE_TABLE } from '../contract/route-table.js';
import { allowHeader, servesMethod } from './allow-header.js';
import type { ApiRoute } from './route.js';
import { CALL_HANDLERS } from './routes/index.js';
import { openApiDocumentAt } from './routes/openapi-document.js';

/** Where the API's calls are, below a server's root or a base URL's origin. */
export const API_PREFIX = '/api/v1';

/** The router of the API: each route of the route table by its path, with its handler attached by name. */
const ROUTE_MAP: ReadonlyMap<string, ApiRoute> = new Map(
  ROUTE_TABLE.map((entry): [string, ApiRoute] => [
    entry.path,
    entry.kind === 'call' ? { ...entry, handle: CALL_HANDLERS[entry.name] } : { ...entry, handle: openApiDocumentAt },
  ]),
);

/** The route a request path is for (`/api/v1/getBalance`), below `basePath` or else the `/api/v1` in it; undefined for none. */
export function routeAt(pathname: string, basePath?: string): ApiRoute | undefined {
  return basePath === undefined ? ROUTES_OF_PATHS.get(pathname) : routeOfPath(pathname, basePath);
}

function routeOfPath(pathname: string, basePath?: string): ApiRoute | undefined {
  const routePath = routePathOf(pathname, basePath);
  return routePath === null ? undefined : ROUTE_MAP.get(routePath);
}

/** The routes of the last paths asked for without a base path: a parsed URL's path is the same string each time. */
const ROUTES_OF_PATHS = new RecentMemo<ApiRoute | undefined>(16, 1024, (pathname) => routeOfPath(pathname));

/** The path of a request below the API's base path: `/getBalance` of `/api/v1/getBalance`. */
function routePathOf(pathname: string, basePath?: string): string | null {
  const base = basePath?.replace(/\/+$/, '');
  if (base !== undefined && pathname.startsWith(`${base}/`)) return pathname.slice(base.length);
  const at = pathname.indexOf(`${API_PREFIX}/`);
  return at === -1 ? null : pathname.slice(at + API_PREFIX.length);
}

/** The 405 for a method `route` does not take (a GET route takes HEAD too); undefined when it takes it. */
export function methodRefusal(route: ApiRoute, method: string): ApiError | undefined {
  if (servesMethod(route.method, method)) return undefined;
  return new ApiError('METHOD_NOT_ALLOWED', `${route.path} takes ${route.method}, not ${method}`, {
    headers: { allow: allowHeader([route.method]) },
  });
}
