import type { ApiRequest } from '../api/api-request.js';
import { errorAnswer, successAnswer } from '../api/envelope.js';
import type { Answer } from '../api/outcome.js';
import { ADMIN_PREFIX } from '../admin/admin-prefix.js';
import { ApiError } from '../domain/api-error.js';
import type { AdminFirst } from '../server/request-listener.js';
import type { ProxySummary } from './proxy-summary.js';

export const PROXY_SUMMARY_PATH = `${ADMIN_PREFIX}/proxy`;

/** The admin routes that manage the imitation's state, which a proxy does not hold (`*` any method, a trailing `/*` any path below). */
const STATE_ROUTES: readonly [method: string, path: string][] = [
  ['POST', '/scenario'],
  ['POST', '/clock'],
  ['POST', '/topups'],
  ['*', '/sessions'],
  ['*', '/sessions/*'],
  ['*', '/snapshots'],
  ['*', '/snapshots/*'],
  ['GET', '/state'],
  ['POST', '/requests/*'],
];

/** Answered before the admin API, which takes every other admin request (journal, readiness, faults, events, reset). */
export function proxyAdmin(summary: ProxySummary): AdminFirst {
  return (request: ApiRequest): Answer | undefined => {
    const pathname = new URL(request.url).pathname.replace(/\/+$/, '');
    if (pathname === PROXY_SUMMARY_PATH) {
      if (request.method === 'GET' || request.method === 'HEAD') return successAnswer(summary.view());
      return errorAnswer(new ApiError('METHOD_NOT_ALLOWED', `${PROXY_SUMMARY_PATH} answers GET and HEAD, not ${request.method}.`, { headers: { allow: 'GET, HEAD' } }));
    }
    if (!pathname.startsWith(`${ADMIN_PREFIX}/`)) return undefined;
    const path = pathname.slice(ADMIN_PREFIX.length);
    if (/^\/requests\/[^/]+\/curl$/.test(path) && new URL(request.url).searchParams.get('key') === 'include') {
      return errorAnswer(
        new ApiError(
          'PROXY_MODE',
          `This server is a proxy to ${summary.upstream}, and its clients send their real keys: it never gives one back. ` +
            `Copy the request with the key as a variable instead (${pathname}?key=placeholder, the default).`,
        ),
      );
    }
    const managesState = STATE_ROUTES.some(
      ([method, pattern]) => (method === '*' || method === request.method) && (pattern.endsWith('/*') ? path.startsWith(pattern.slice(0, -1)) : path === pattern),
    );
    if (!managesState) return undefined;
    return errorAnswer(
      new ApiError(
        'PROXY_MODE',
        `${request.method} ${pathname} manages the imitation's state, and this server is a proxy to ${summary.upstream}: its answers come from ` +
          'the real service, whose state the sandbox neither holds nor changes. Use esim-sandbox serve for the imitation; here, read ' +
          `${ADMIN_PREFIX}/requests, ${ADMIN_PREFIX}/readiness and ${PROXY_SUMMARY_PATH}, or queue faults with POST ${ADMIN_PREFIX}/faults.`,
      ),
    );
  };
}
