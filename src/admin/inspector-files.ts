import path from 'node:path';
import { errorAnswer } from '../api/envelope.js';
import { methodNotAllowed, optionsAnswer } from '../api/method-answers.js';
import type { Answer } from '../api/outcome.js';
import { ApiError } from '../domain/api-error.js';
import { packageRoot, readPackageText, vendorFolder } from '../lib/package-files.js';
import { ADMIN_PREFIX } from './admin-prefix.js';

/** The inspector page is `/__sandbox/`; its files are under `/__sandbox/inspector/`. Neither holds any data. */
export const INSPECTOR_PAGE = `${ADMIN_PREFIX}/`;
const INSPECTOR_FILES = `${ADMIN_PREFIX}/inspector/`;

/**
 * What the page may load and connect to: this server only, and no framing by other sites. The page holds the
 * admin token when the server has one, so nothing of another origin may run in it or frame it.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** The page's own files, and Preact with htm (copied in by the build), by the path under `/__sandbox/inspector/`. */
const FOLDERS: readonly (readonly [prefix: string, dir: string])[] = [
  ['vendor/', path.join(vendorFolder('htm'), 'preact')],
  ['', path.join(packageRoot, 'inspector')],
];

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/**
 * The page and its files, in any letter case of the prefix; any other path under `/__sandbox/inspector/` (and
 * `/__sandbox` itself) is the admin API's, behind its token: the page reads those with the token like any client.
 */
export function isInspectorPath(pathname: string): boolean {
  return pathname.toLowerCase() === INSPECTOR_PAGE || inspectorFileOf(pathname) !== undefined;
}

/** For a path `isInspectorPath` took: a method other than GET, HEAD or OPTIONS is refused here, never passed to an admin route. */
export function inspectorRequest(method: string, pathname: string): Answer {
  if (method === 'OPTIONS') return optionsAnswer(['GET']);
  const refusal = methodNotAllowed(['GET'], method, () => `${pathname} is a file of the inspector page: it answers GET and HEAD, not ${method}.`);
  if (refusal) return errorAnswer(refusal);
  return inspectorAnswer(pathname) ?? errorAnswer(new ApiError('NOT_FOUND', `No inspector file at ${pathname}; the inspector is at ${INSPECTOR_PAGE}.`));
}

function inspectorAnswer(pathname: string): Answer | undefined {
  if (pathname.toLowerCase() === INSPECTOR_PAGE) {
    const headers = { 'content-security-policy': CONTENT_SECURITY_POLICY, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' };
    return fileAnswer(path.join(packageRoot, 'inspector', 'index.html'), headers);
  }
  const file = inspectorFileOf(pathname);
  return file === undefined ? undefined : fileAnswer(file, { 'cache-control': 'no-cache' });
}

/** Only a file of one of `FOLDERS` itself (no subfolder, no `..`, nothing hidden) of a type in `TYPES`. */
function inspectorFileOf(pathname: string): string | undefined {
  if (pathname.slice(0, INSPECTOR_FILES.length).toLowerCase() !== INSPECTOR_FILES) return undefined;
  const name = pathname.slice(INSPECTOR_FILES.length);
  const [prefix, dir] = FOLDERS.find(([folder]) => name.startsWith(folder))!;
  const file = name.slice(prefix.length);
  if (!/^[\w-]+(\.[\w-]+)+$/.test(file) || TYPES[path.extname(file)] === undefined) return undefined;
  return path.join(dir, file);
}

function fileAnswer(file: string, headers: Record<string, string>): Answer | undefined {
  let body: string;
  try {
    body = readPackageText(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  return { status: 200, headers: { 'content-type': TYPES[path.extname(file)]!, ...headers }, body };
}
