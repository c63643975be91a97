import { DOCUMENT_ROUTE } from '../contract/route-table.js';
import { describeCalls, documentOf, type DescribedCalls, type OpenApiDocumentOptions } from '../openapi/openapi-document.js';
import type { OpenApiDocument, RecordedExamples } from '../openapi/openapi-types.js';
import type { ParsedUrl } from '../lib/parsed-url.js';
import { CALLS } from './calls/index.js';
import type { DocumentRoute } from './route.js';

/** Made at the first ask for the document, not at load: the calls' JSON Schemas cost `serve` ~2 ms before its first answer. */
let described: DescribedCalls | undefined;

/** Without `examples`, a document to check answers against. */
export function apiDocument(examples?: RecordedExamples, options: OpenApiDocumentOptions = {}): OpenApiDocument {
  return documentOf((described ??= describeCalls(CALLS)), examples, options);
}

/** Its `servers` names the base address the request came to, on its own origin. */
export const DOCUMENT: DocumentRoute = {
  ...DOCUMENT_ROUTE,
  handle(url: ParsedUrl, examples: RecordedExamples): OpenApiDocument {
    const base = url.pathname.slice(0, -DOCUMENT_ROUTE.path.length);
    return apiDocument(examples, { serverUrl: `${url.origin}${base}` });
  },
};
