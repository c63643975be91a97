import { allowHeader, optionsAnswer, servesMethod } from '../api/allow-header.js';
import type { Answer } from '../api/outcome.js';
import type { ApiRequest } from '../api/api-request.js';
import { errorAnswer, jsonAnswer } from '../api/envelope.js';
import { routePathOf } from '../api/serve-api-request.js';
import { ApiError } from '../domain/api-error.js';
import { createOpenApiDocument } from './openapi-document.js';

/** Where the document is served, below the API's base address. */
export const OPENAPI_ROUTE_PATH = '/openapi.json';

/**
 * The OpenAPI document, when `request` asks for `<base>/openapi.json`; `undefined` for any other request.
 * It needs no key and is not a call of the imitated API: no journal entry, no clock step, no rate limit or
 * fault. Its `servers` names the base address the request came to, on the request's own origin. HEAD is
 * answered as GET, OPTIONS with 204 and `Allow`.
 */
export function serveOpenApiDocument(request: ApiRequest, url: URL, basePath?: string): Answer | undefined {
  if (routePathOf(url.pathname, basePath) !== OPENAPI_ROUTE_PATH) return undefined;
  if (request.method === 'OPTIONS') return optionsAnswer(['GET']);
  if (!servesMethod('GET', request.method)) {
    return errorAnswer(
      new ApiError('METHOD_NOT_ALLOWED', `${OPENAPI_ROUTE_PATH} takes GET, not ${request.method}`, {
        headers: { allow: allowHeader(['GET']) },
      }),
    );
  }
  const base = url.pathname.slice(0, -OPENAPI_ROUTE_PATH.length);
  return jsonAnswer(200, createOpenApiDocument({ serverUrl: `${url.origin}${base}` }));
}
