/**
 * The `Allow` header of a resource answering `methods`: a GET resource answers HEAD too, and every resource
 * answers OPTIONS (RFC 9110 §9.3.2, §9.3.7). `["GET"]` → `GET, HEAD, OPTIONS`; `["POST"]` → `POST, OPTIONS`.
 */
export function allowHeader(methods: readonly string[]): string {
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
