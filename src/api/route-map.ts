import type { ApiError } from '../domain/api-error.js';
import { methodNotAllowed, servesMethod } from './method-answers.js';
import { CALLS } from './calls/index.js';
import { DOCUMENT } from './openapi-document.js';
import type { ApiRoute, CallRoute } from './route.js';

export const API_PREFIX = '/api/v1';

export class ApiRouter {
  readonly #routes: ReadonlyMap<string, ApiRoute>;
  /**
   * The same by their whole path (`/api/v1/getBalance`): the server gives the same path string for a URL asked again,
   * whose hash is then kept, where the part after the prefix is a new string hashed at every call.
   */
  readonly #byApiPath: ReadonlyMap<string, ApiRoute>;

  constructor(calls: readonly CallRoute[]) {
    const routes = [...calls, DOCUMENT];
    this.#routes = new Map(routes.map((route): [string, ApiRoute] => [route.path, route]));
    this.#byApiPath = new Map(routes.map((route): [string, ApiRoute] => [`${API_PREFIX}${route.path}`, route]));
  }

  /** The route of a path below `basePath`, or else below the `/api/v1` in it. */
  routeAt(pathname: string, basePath?: string): ApiRoute | undefined {
    const route = basePath === undefined ? this.#byApiPath.get(pathname) : undefined;
    if (route !== undefined) return route;
    const routePath = routePathOf(pathname, basePath);
    return routePath === null ? undefined : this.#routes.get(routePath);
  }
}

export const API_ROUTER = new ApiRouter(CALLS);

function routePathOf(pathname: string, basePath?: string): string | null {
  const base = basePath?.replace(/\/+$/, '');
  if (base !== undefined && pathname.startsWith(`${base}/`)) return pathname.slice(base.length);
  const at = pathname.indexOf(`${API_PREFIX}/`);
  return at === -1 ? null : pathname.slice(at + API_PREFIX.length);
}

export function methodRefusal(route: ApiRoute, method: string): ApiError | undefined {
  if (servesMethod(route.method, method)) return undefined;
  return methodNotAllowed([route.method], method, () => `${route.path} takes ${route.method}, not ${method}`);
}

const ROUTE_LIST = CALLS.map((route) => `${route.method} ${route.path}`).join(', ');
const CALLS_BY_PATH: ReadonlyMap<string, (typeof CALLS)[number]> = new Map(CALLS.map((route) => [route.path.toLowerCase(), route]));
/** Where a client that left the base path out (or half of it) lands: the server's root and the prefix's halves. */
const BASE_HALVES: ReadonlySet<string> = new Set(['', '/', '/api', '/v1', '/api/v1']);

/**
 * A path outside `/api/v1` that ends in a call's name (`/v1/getBalance`), or is the root or half the prefix, comes
 * from a client whose base URL lacks `/api/v1`: the message gives the path it meant rather than a list of routes
 * that looks like what it sent, and the base URL to use (`origin`: `http://127.0.0.1:4010`).
 */
export function notFoundMessage(method: string, pathname: string, origin: string): string {
  if (!pathname.includes(`${API_PREFIX}/`)) {
    const trimmed = pathname.replace(/\/+$/, '');
    const call = CALLS_BY_PATH.get(trimmed.slice(trimmed.lastIndexOf('/')).toLowerCase());
    const meant = call ? [call] : BASE_HALVES.has(trimmed) ? CALLS : [];
    if (meant.length > 0) {
      return `no route ${method} ${pathname}: the API is under ${API_PREFIX}: ${meant.map((route) => `${route.method} ${API_PREFIX}${route.path}`).join(', ')}. Point the client's base URL at ${origin}${API_PREFIX}.`;
    }
  }
  return `no route ${method} ${pathname}; the routes are ${ROUTE_LIST}`;
}
