import { CALLS } from './calls/index.js';
import { API_PREFIX } from './route-map.js';

const ROUTE_LIST = CALLS.map((route) => `${route.method} ${route.path}`).join(', ');
const CALLS_BY_PATH: ReadonlyMap<string, (typeof CALLS)[number]> = new Map(CALLS.map((route) => [route.path.toLowerCase(), route]));
/** Where a client that left the base path out (or half of it) lands: the server's root and the prefix's halves. */
const BASE_HALVES: ReadonlySet<string> = new Set(['', '/', '/api', '/v1', '/api/v1']);

/**
 * The message of a 404 for a path that names no route. A path outside `/api/v1` that ends in a call's name
 * (`/getBalance`, `/v1/getBalance`), or is the root or half the prefix, is a client whose base URL lacks
 * `/api/v1`: the message gives the path it meant rather than a list of routes that looks like what it sent, and the
 * base URL to use (`origin`, the request's: `http://127.0.0.1:4010`).
 */
export function notFoundMessage(method: string, pathname: string, origin: string): string {
  const underApi = pathname.includes(`${API_PREFIX}/`);
  if (!underApi) {
    const trimmed = pathname.replace(/\/+$/, '');
    const call = CALLS_BY_PATH.get(trimmed.slice(trimmed.lastIndexOf('/')).toLowerCase());
    if (call) {
      return `no route ${method} ${pathname}: the API is under ${API_PREFIX}: ${call.method} ${API_PREFIX}${call.path}. Point the client's base URL at ${origin}${API_PREFIX}.`;
    }
    if (BASE_HALVES.has(trimmed)) {
      return `no route ${method} ${pathname}: the API is under ${API_PREFIX}: ${CALLS.map((route) => `${route.method} ${API_PREFIX}${route.path}`).join(', ')}. Point the client's base URL at ${origin}${API_PREFIX}.`;
    }
  }
  return `no route ${method} ${pathname}; the routes are ${ROUTE_LIST}`;
}
