import { ApiError } from '../domain/api-error.js';
import { truncateText } from '../lib/json-preview.js';
import { isPlainPath } from '../lib/parsed-url.js';

/**
 * A path is taken only written out, as spellings that readers resolve differently walk around a server: one that
 * decides the area from `/__sandbox/inspector/../requests` (open to all) while a URL parser later reads
 * `/__sandbox/requests` (behind the token). WHATWG URL parsing resolves `.`, `..`, `%2e` dots and backslashes;
 * `%2f`, `%5c` and `//` pass through it and other tools read them as separators; `#` ends the path for it only.
 */
const SPELLINGS: readonly (readonly [what: string, pattern: RegExp])[] = [
  ['a "." or ".." segment', /(?:^|\/)\.{1,2}(?:\/|#|$)/],
  ['an encoded dot (%2E)', /%2e/i],
  ['an encoded slash (%2F)', /%2f/i],
  ['an encoded backslash (%5C)', /%5c/i],
  ['a backslash', /\\/],
  ['a repeated slash (//)', /\/\//],
  ['a "#" (a fragment stays with the client)', /#/],
];

/** The message names each of SPELLINGS in the path (up to its `?`) and the path to send instead. `plain`: `isPlainPath(target)`, when known. */
export function pathSpellingRefusal(target: string, plain = isPlainPath(target)): ApiError | undefined {
  if (plain) return undefined;
  const path = target.split('?', 1)[0]!;
  const found = SPELLINGS.filter(([, pattern]) => pattern.test(path)).map(([what]) => what);
  if (found.length === 0) return undefined;
  return new ApiError(
    'VALIDATION_ERROR',
    `the path ${truncateText(path)} is refused: it has ${found.join(' and ')}. This server takes a path only written out ` +
      '(no "." or ".." segments, no %2E, %2F or %5C, no backslash, no "//", no "#"), so that every part of it reads the same path; ' +
      `send ${truncateText(writtenOut(path))} instead.`,
  );
}

function writtenOut(path: string): string {
  const segments = path
    .split('#', 1)[0]!
    .replace(/%2e/gi, '.')
    .replace(/%2f|%5c|\\/gi, '/')
    .split('/')
    .slice(1);
  const kept: string[] = [];
  for (const [index, segment] of segments.entries()) {
    const last = index === segments.length - 1;
    if (segment === '..') kept.pop();
    if (segment === '.' || segment === '..' || segment === '') {
      if (last) kept.push('');
      continue;
    }
    kept.push(segment);
  }
  return `/${kept.join('/')}`.replace(/\/{2,}/g, '/');
}

/** Refuses `/%`, `/%zz` or `/%C3%28` with a 400 naming the path, rather than the URIError of `decodeURIComponent`. */
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
