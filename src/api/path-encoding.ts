import { ApiError } from '../domain/api-error.js';
import { truncateText } from '../lib/json-preview.js';

/**
 * Refuses a path that is not valid percent-encoding (`/%`, `/%zz`, `/%C3%28`), which no route could
 * decode: a 400 VALIDATION_ERROR naming the path, rather than the URIError of `decodeURIComponent`.
 */
export function checkPathEncoding(pathname: string): void {
  if (!pathname.includes('%')) return;
  try {
    decodeURIComponent(pathname);
  } catch {
    throw new ApiError(
      'VALIDATION_ERROR',
      `the path ${truncateText(pathname)} is not valid percent-encoding: each "%" must start a %XX escape of UTF-8 bytes; ` +
        'write a literal "%" as %25',
    );
  }
}
