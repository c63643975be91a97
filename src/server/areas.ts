import { ADMIN_PREFIX } from '../admin/admin-prefix.js';
import { isInspectorPath } from '../admin/inspector-files.js';

/** The inspector is the admin API's, an area of its own for the guard only: its page and files hold no data and need no token. */
export type Area = 'admin' | 'docs' | 'inspector' | 'api';

export const DOCS_PREFIX = '/docs';

/**
 * Decided from the path as written (`/__sandbox/health?x=1`): the listener has refused every spelling another reader
 * would resolve to another path (`pathSpellingRefusal`), so this is the path each part routes on.
 */
export function areaOf(url: string): Area {
  // The paths of every other area start with /__ or /docs: an API call is told by its second character.
  const second = url.charCodeAt(1);
  if (second !== 95 /* _ */ && second !== 100 /* d */ && second !== 68 /* D */) return 'api';
  if (isInspectorPath(url.split('?', 1)[0]!)) return 'inspector';
  if (isUnder(url, ADMIN_PREFIX)) return 'admin';
  return isUnder(url, DOCS_PREFIX) ? 'docs' : 'api';
}

/** In any letter case: `/__SANDBOX/…` passes the admin API's guard (and is answered 404 there), and express serves `/DOCS`. */
function isUnder(url: string, prefix: string): boolean {
  if (url.slice(0, prefix.length).toLowerCase() !== prefix) return false;
  const next = url.charCodeAt(prefix.length);
  return Number.isNaN(next) || next === 47 /* / */ || next === 63 /* ? */;
}
