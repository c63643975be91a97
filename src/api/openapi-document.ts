import { DOCUMENT_ROUTE } from '../contract/route-table.js';
import { describeCalls, documentOf, type DescribedCalls, type OpenApiDocumentOptions } from '../openapi/openapi-document.js';
import type { OpenApiDocument } from '../openapi/openapi-types.js';
import { RECORDED_EXAMPLES } from '../openapi/recorded-examples.js';
import type { ParsedUrl } from '../lib/parsed-url.js';
import { CALLS } from './calls/index.js';
import type { DocumentRoute } from './route.js';

/**
 * The description of the calls, made at the first ask for the document rather than as the program loads: the
 * JSON Schemas of the calls' zod shapes cost a `serve` ~2 ms before its first answer, which needs none of them.
 */
let described: DescribedCalls | undefined;

/** The OpenAPI document of the API's calls (src/api/calls), with the examples recorded from the `default` scenario. */
export function createOpenApiDocument(options: OpenApiDocumentOptions = {}): OpenApiDocument {
  return documentOf((described ??= describeCalls(CALLS)), RECORDED_EXAMPLES, options);
}

/** The document route: the document as asked at `url`, its `servers` naming the base address the request came to, on its own origin. */
export const DOCUMENT: DocumentRoute = {
  ...DOCUMENT_ROUTE,
  handle(url: ParsedUrl): OpenApiDocument {
    const base = url.pathname.slice(0, -DOCUMENT_ROUTE.path.length);
    return createOpenApiDocument({ serverUrl: `${url.origin}${base}` });
  },
};
