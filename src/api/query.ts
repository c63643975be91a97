import { ApiError } from '../domain/api-error.js';
import { jsonPreview } from '../lib/json-preview.js';
import type { ParsedUrl } from '../lib/parsed-url.js';

/** The query string as one value per name; a parameter sent twice is refused rather than guessed at. */
export function readQuery(url: ParsedUrl): Record<string, string> {
  // Most reads send no query: the same empty one for each, without iterating search parameters.
  if (url.search === '') return NO_QUERY;
  const query: Record<string, string> = Object.create(null);
  for (const [name, value] of url.searchParams) {
    if (Object.hasOwn(query, name)) {
      throw new ApiError('VALIDATION_ERROR', `query parameter ${jsonPreview(name)} is given more than once; send it once`);
    }
    query[name] = value;
  }
  return query;
}

const NO_QUERY: Record<string, string> = Object.freeze(Object.create(null));
