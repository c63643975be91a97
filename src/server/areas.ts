import { ADMIN_PREFIX } from '../admin/admin-prefix.js';
import { isInspectorPath } from '../admin/inspector-files.js';

/**
 * The parts of the standalone server: the admin API, the reference page, the inspector page, and the imitated
 * API. The inspector is the admin API's (it answers the page and its files), an area of its own for the guard
 * only: the page and its files hold no data and need no token.
 */
export type Area = 'admin' | 'docs' | 'inspector' | 'api';

export const DOCS_PREFIX = '/docs';

/**
 * The part of the server a request target (`/__sandbox/health?x=1`) is for, decided from its path as written: the
 * listener has refused every spelling another reader would resolve to another path (`pathSpellingRefusal`), so the
 * path read here is the one each part routes on. The inspector's area is its page and files by their own names only.
 */
export function areaOf(url: string): Area {
  // The paths of every other area start with /__ or /docs: an API call is told by its second character.
  const second = url.charCodeAt(1);
  if (second !== 95 /* _ */ && second !== 100 /* d */ && second !== 68 /* D */) return 'api';
  if (isInspectorPath(url.split('?', 1)[0]!)) return 'inspector';
  if (isUnder(url, ADMIN_PREFIX)) return 'admin';
  return isUnder(url, DOCS_PREFIX) ? 'docs' : 'api';
}

/**
 * The prefix, then the end, a `/` or a `?`. In any letter case: `/__SANDBOX/…` passes the admin API's
 * guard (and is answered 404 there), and `/DOCS` is the page, as express matches it.
 */
function isUnder(url: string, prefix: string): boolean {
  if (url.slice(0, prefix.length).toLowerCase() !== prefix) return false;
  const next = url.charCodeAt(prefix.length);
  return Number.isNaN(next) || next === 47 /* / */ || next === 63 /* ? */;
}
