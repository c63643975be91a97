import { ApiError } from '../domain/api-error.js';

/**
 * What a resource answers about methods, the same for the API, the admin API and the inspector: OPTIONS gets 204
 * with `Allow` (`optionsAnswer`), a method it does not take gets 405 with `Allow` (`methodNotAllowed`). HEAD is
 * served by a GET resource (RFC 9110 §9.3.2, §9.3.7).
 */

/** The `Allow` header of a resource answering `methods`: `["GET"]` → `GET, HEAD, OPTIONS`; `["POST"]` → `POST, OPTIONS`. */
function allowHeader(methods: readonly string[]): string {
  const allowed: string[] = [];
  for (const method of methods) {
    if (allowed.includes(method)) continue;
    allowed.push(method);
    if (method === 'GET' && !methods.includes('HEAD')) allowed.push('HEAD');
  }
  allowed.push('OPTIONS');
  return allowed.join(', ');
}

/** Whether a request with `method` is served by a route of `routeMethod`: HEAD is served by the GET route. */
export function servesMethod(routeMethod: string, method: string): boolean {
  return method === routeMethod || (method === 'HEAD' && routeMethod === 'GET');
}

/** The answer to OPTIONS on a resource: 204 with `Allow` and no body. */
export function optionsAnswer(methods: readonly string[]): { status: 204; headers: Record<string, string>; body: '' } {
  return { status: 204, headers: { allow: allowHeader(methods) }, body: '' };
}

/**
 * The 405 for a request whose `method` none of `methods` serves, saying `notTaken` (what the resource takes
 * instead); undefined when one serves it.
 */
export function methodNotAllowed(methods: readonly string[], method: string, notTaken: () => string): ApiError | undefined {
  if (methods.some((served) => servesMethod(served, method))) return undefined;
  return new ApiError('METHOD_NOT_ALLOWED', notTaken(), { headers: { allow: allowHeader(methods) } });
}
