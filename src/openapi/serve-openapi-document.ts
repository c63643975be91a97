import { errorResponse, jsonResponse } from '../api/envelope.js';
import { routePathOf } from '../api/serve-api-request.js';
import { ApiError } from '../domain/api-error.js';
import { createOpenApiDocument } from './openapi-document.js';

/** Where the document is served, below the API's base address. */
export const OPENAPI_ROUTE_PATH = '/openapi.json';

/**
 * The OpenAPI document, when `request` asks for `<base>/openapi.json`; `undefined` for any other request.
 * It needs no key and is not a call of the imitated API: no journal entry, no clock step, no rate limit or
 * fault. Its `servers` names the base address the request came to, on the request's own origin.
 */
export function serveOpenApiDocument(request: Request, basePath?: string): Response | undefined {
  const url = new URL(request.url);
  if (routePathOf(url.pathname, basePath) !== OPENAPI_ROUTE_PATH) return undefined;
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return errorResponse(
      new ApiError('METHOD_NOT_ALLOWED', `${OPENAPI_ROUTE_PATH} takes GET, not ${request.method}`, { headers: { allow: 'GET' } }),
    );
  }
  const base = url.pathname.slice(0, -OPENAPI_ROUTE_PATH.length);
  return jsonResponse(200, createOpenApiDocument({ serverUrl: `${url.origin}${base}` }));
}
