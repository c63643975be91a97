import { allowHeader, optionsAnswer, servesMethod } from '../api/allow-header.js';
import { outcomeToResponse } from '../api/answer.js';
import { errorResponse, successResponse, toErrorResponse } from '../api/envelope.js';
import { checkPathEncoding } from '../api/path-encoding.js';
import { ApiError } from '../domain/api-error.js';
import { ScenarioError } from '../scenarios/scenario-error.js';
import { BUILT_INS_ONLY, type ScenarioFileAccess } from '../scenarios/scenario-file-access.js';
import { isSandboxHost, type SandboxHost } from '../sessions/sandbox-host.js';
import type { Sandbox } from '../types.js';
import type { AdminRoute } from './admin-route.js';
import { clockRoutes } from './clock-routes.js';
import { matchPath } from './match-path.js';
import { readJsonBody } from './read-json-body.js';
import { scenarioRoutes } from './scenario-routes.js';
import { sessionRoutes } from './session-routes.js';
import { snapshotRoutes } from './snapshot-routes.js';
import { statusRoutes } from './status-routes.js';
import { topupRoutes } from './topup-routes.js';

export const ADMIN_PREFIX = '/__sandbox';

export const adminRoutes: readonly AdminRoute[] = [...statusRoutes, ...scenarioRoutes, ...topupRoutes, ...clockRoutes, ...snapshotRoutes];

export interface AdminHandlerOptions {
  /**
   * Where a scenario named in a request (`name`, `extends`, a session's `scenario`) may be read from.
   * Default: built-in scenarios only.
   */
  scenarioFiles?: ScenarioFileAccess;
}

/** What the transport knows of a request and the request itself does not say. */
export interface AdminRequestInfo {
  /** The server's own origin (`http://127.0.0.1:4010`), for the URLs an answer gives; default: the request URL's. */
  origin?: string;
}

export type AdminHandler = (request: Request, info?: AdminRequestInfo) => Promise<Response>;

/**
 * The `/__sandbox/*` admin API as a fetch-standard handler. Given a `SandboxHost`, `routes` act on its main
 * sandbox and the session routes are added (`/sessions`, and `routes` again under `/sessions/:sessionId`).
 * HEAD is answered as GET (the transport leaves the body out), OPTIONS with 204 and `Allow`.
 */
export function createAdminHandler(
  target: Sandbox | SandboxHost,
  baseRoutes: readonly AdminRoute[] = adminRoutes,
  { scenarioFiles = BUILT_INS_ONLY }: AdminHandlerOptions = {},
): AdminHandler {
  const sandbox = isSandboxHost(target) ? target.main : target;
  const routes = isSandboxHost(target) ? [...baseRoutes, ...sessionRoutes(target, baseRoutes)] : baseRoutes;
  return async (request, info = {}) => {
    try {
      const url = new URL(request.url);
      checkPathEncoding(url.pathname);
      const path = pathUnderPrefix(url.pathname);
      const matches = routes.flatMap((route) => {
        const params = path === undefined ? undefined : matchPath(route.path, path);
        return params ? [{ route, params }] : [];
      });
      if (matches.length === 0) {
        const known = routes.map((route) => `${route.method} ${ADMIN_PREFIX}${route.path}`).join(', ');
        throw new ApiError('NOT_FOUND', `No admin route at ${url.pathname}. Admin routes: ${known}.`);
      }
      const methods = matches.map(({ route }) => route.method);
      if (request.method === 'OPTIONS') return outcomeToResponse(optionsAnswer(methods));
      const match = matches.find(({ route }) => servesMethod(route.method, request.method));
      if (!match) {
        throw new ApiError('METHOD_NOT_ALLOWED', `${url.pathname} answers ${methods.join(', ')}, not ${request.method}.`, {
          headers: { allow: allowHeader(methods) },
        });
      }
      const result = await match.route.handle({
        sandbox,
        request,
        params: match.params,
        origin: info.origin ?? url.origin,
        body: () => readJsonBody(request),
        scenarioFiles,
      });
      return result instanceof Response ? result : successResponse(result);
    } catch (error) {
      if (error instanceof ScenarioError) return errorResponse(new ApiError('VALIDATION_ERROR', error.message));
      return toErrorResponse(error);
    }
  };
}

/** `/__sandbox/health/` → `/health`; undefined for a path outside the admin API. */
function pathUnderPrefix(pathname: string): string | undefined {
  if (pathname !== ADMIN_PREFIX && !pathname.startsWith(`${ADMIN_PREFIX}/`)) return undefined;
  const path = pathname.slice(ADMIN_PREFIX.length).replace(/\/+$/, '');
  return path === '' ? '/' : path;
}
