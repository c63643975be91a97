import type { ApiError } from '../domain/api-error.js';
import { methodNotAllowed, servesMethod } from './method-answers.js';
import { CALLS } from './calls/index.js';
import { DOCUMENT } from './openapi-document.js';
import type { ApiRoute, CallRoute } from './route.js';

/** Where the API's calls are, below a server's root or a base URL's origin. */
export const API_PREFIX = '/api/v1';

/** The router of a list of calls and the document route: each route by its path, built once. */
export class ApiRouter {
  readonly #routes: ReadonlyMap<string, ApiRoute>;

  constructor(calls: readonly CallRoute[]) {
    this.#routes = new Map([...calls, DOCUMENT].map((route): [string, ApiRoute] => [route.path, route]));
  }

  /** The route a request path is for (`/api/v1/getBalance`), below `basePath` or else the `/api/v1` in it; undefined for none. */
  routeAt(pathname: string, basePath?: string): ApiRoute | undefined {
    const routePath = routePathOf(pathname, basePath);
    return routePath === null ? undefined : this.#routes.get(routePath);
  }
}

/** The router of the API's calls (src/api/calls). */
export const API_ROUTER = new ApiRouter(CALLS);

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
  return methodNotAllowed([route.method], method, () => `${route.path} takes ${route.method}, not ${method}`);
}
