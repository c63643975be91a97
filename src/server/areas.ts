import { ADMIN_PREFIX } from '../admin/admin-prefix.js';

/** The parts of the standalone server: the admin API, the reference page, the inspector page, and the imitated API. */
export type Area = 'admin' | 'docs' | 'inspector' | 'api';

export const DOCS_PREFIX = '/docs';

/** The inspector page is `/__sandbox/`; its files are under `/__sandbox/inspector/`. Neither holds any data. */
export const INSPECTOR_PAGE = `${ADMIN_PREFIX}/`;
export const INSPECTOR_FILES = `${ADMIN_PREFIX}/inspector/`;

/** Each part but the API by the path it lives under; every other path is the imitated API's. */
const AREA_PREFIXES: readonly (readonly [prefix: string, area: Area])[] = [
  [ADMIN_PREFIX, 'admin'],
  [DOCS_PREFIX, 'docs'],
];

/** The part of the server a request target (`/__sandbox/health?x=1`) is for. */
export function areaOf(url: string): Area {
  if (isInspector(url)) return 'inspector';
  for (const [prefix, area] of AREA_PREFIXES) if (isUnder(url, prefix)) return area;
  return 'api';
}

/**
 * The page and its files, in any letter case as express matches them. The admin API's own paths, `/__sandbox`
 * itself included, stay the admin API's: the page reads them with the token like any client.
 */
function isInspector(url: string): boolean {
  const path = url.split('?', 1)[0]!.toLowerCase();
  return path === INSPECTOR_PAGE || path.startsWith(INSPECTOR_FILES);
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
