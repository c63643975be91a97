import { DOCUMENT_ROUTE } from '../../contract/route-table.js';
import { createOpenApiDocument } from '../../openapi/openapi-document.js';
import type { OpenApiDocument } from '../../openapi/openapi-types.js';
import type { ParsedUrl } from '../../lib/parsed-urls.js';

/** The OpenAPI document as asked at `url`: its `servers` names the base address the request came to, on its own origin. */
export function openApiDocumentAt(url: ParsedUrl): OpenApiDocument {
  const base = url.pathname.slice(0, -DOCUMENT_ROUTE.path.length);
  return createOpenApiDocument({ serverUrl: `${url.origin}${base}` });
}
