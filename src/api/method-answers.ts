import { ApiError } from '../domain/api-error.js';

/** How a resource answers about methods, the same in every area. HEAD is served by a GET resource (RFC 9110 §9.3.2, §9.3.7). */

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

export function servesMethod(routeMethod: string, method: string): boolean {
  return method === routeMethod || (method === 'HEAD' && routeMethod === 'GET');
}

export function optionsAnswer(methods: readonly string[]): { status: 204; headers: Record<string, string>; body: '' } {
  return { status: 204, headers: { allow: allowHeader(methods) }, body: '' };
}

/** `notTaken` says what the resource takes instead. */
export function methodNotAllowed(methods: readonly string[], method: string, notTaken: () => string): ApiError | undefined {
  if (methods.some((served) => servesMethod(served, method))) return undefined;
  return new ApiError('METHOD_NOT_ALLOWED', notTaken(), { headers: { allow: allowHeader(methods) } });
}
