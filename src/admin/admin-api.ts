import { methodNotAllowed, optionsAnswer, servesMethod } from '../api/method-answers.js';
import type { ApiRequest } from '../api/api-request.js';
import { errorAnswer, successAnswer, toErrorAnswer } from '../api/envelope.js';
import { isStreamed, type Answer, type StreamedAnswer } from '../api/outcome.js';
import { checkPathEncoding, pathSpellingRefusal } from '../api/path-spelling.js';
import { readBodyText, readJsonBody } from '../api/read-json-body.js';
import { ApiError } from '../domain/api-error.js';
import { ScenarioError } from '../scenarios/scenario-error.js';
import { BUILT_INS_ONLY, type ScenarioFileAccess } from '../scenarios/scenario-file-access.js';
import type { SandboxHost } from '../sessions/sandbox-host.js';
import { ADMIN_BODY, checkNoInput } from './admin-body.js';
import { ADMIN_PREFIX } from './admin-prefix.js';
import type { AdminRoute } from './admin-route.js';
import { clockRoutes } from './clock-routes.js';
import { faultRoutes } from './fault-routes.js';
import { historyRoutes } from './history-routes.js';
import { matchPath } from './match-path.js';
import { scenarioRoutes } from './scenario-routes.js';
import { sessionRoutes } from './session-routes.js';
import { snapshotRoutes } from './snapshot-routes.js';
import { statusRoutes } from './status-routes.js';
import { DEFAULT_MEMORY_BUDGET_MIB, MemoryBudget } from './memory-budget.js';
import { DEFAULT_MAX_STREAMS, StreamSlots } from './stream-slots.js';
import { topupRoutes } from './topup-routes.js';

/** The routes that act on one sandbox: the main one, and each session's under `/sessions/:sessionId`. */
const SANDBOX_ROUTES: readonly AdminRoute[] = [
  ...statusRoutes,
  ...historyRoutes,
  ...faultRoutes,
  ...scenarioRoutes,
  ...topupRoutes,
  ...clockRoutes,
  ...snapshotRoutes,
];

export interface AdminApiOptions {
  /** Where a scenario named in a request (`name`, `extends`, a session's `scenario`) may be read from. Default: built-ins only. */
  scenarioFiles?: ScenarioFileAccess;
  /** How many event streams (`/events`) may be open at once; one more is answered 503 with `Retry-After`. Default: 32. */
  maxStreams?: number;
  /** The memory sessions and snapshots may take the server to, in MiB; past it they are refused with 507. Default: 2048. */
  memoryBudgetMiB?: number;
}

/** What the transport knows of a request and the request itself does not say. */
export interface AdminRequestInfo {
  /** The server's own origin (`http://127.0.0.1:4010`), for the URLs an answer gives; default: the request URL's. */
  origin?: string;
  /** Aborted when the server shuts down: event streams end then. Default: never. */
  closing?: AbortSignal;
}

/** The admin API: a request in, an answer out, whole or streamed (it never closes a connection without one). */
export type AdminApi = (request: ApiRequest, info?: AdminRequestInfo) => Promise<Answer | StreamedAnswer>;

/**
 * The `/__sandbox/*` admin API of a host (the inspector's page and files are the server's: `inspectorRequest`). HEAD is
 * answered as GET (the transport leaves the body out), OPTIONS with 204 and `Allow`.
 */
export function createAdminApi(host: SandboxHost, options: AdminApiOptions = {}): AdminApi {
  const { scenarioFiles = BUILT_INS_ONLY, maxStreams = DEFAULT_MAX_STREAMS, memoryBudgetMiB = DEFAULT_MEMORY_BUDGET_MIB } = options;
  const routes = [...SANDBOX_ROUTES, ...sessionRoutes(host, SANDBOX_ROUTES)];
  const streams = new StreamSlots(maxStreams);
  const memory = new MemoryBudget(memoryBudgetMiB);
  return async (request, info = {}) => {
    try {
      const url = new URL(request.url);
      // The standalone server refuses these spellings before deciding a request's area; the same rule holds here.
      const misspelt = pathSpellingRefusal(url.pathname);
      if (misspelt) throw misspelt;
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
      if (request.method === 'OPTIONS') return optionsAnswer(methods);
      const refusal = methodNotAllowed(methods, request.method, () => `${url.pathname} answers ${methods.join(', ')}, not ${request.method}.`);
      if (refusal) throw refusal;
      const match = matches.find(({ route }) => servesMethod(route.method, request.method))!;
      if (!match.route.takesBody && !READS.has(request.method)) {
        checkNoInput(await readJsonBody(request, ADMIN_BODY), `${request.method} ${url.pathname}`);
      }
      const data = await match.route.handle({
        sandbox: host.main,
        params: match.params,
        query: url.searchParams,
        header: (name) => request.headers.get(name),
        closing: info.closing ?? NEVER,
        streams,
        memory,
        origin: info.origin ?? url.origin,
        body: () => readJsonBody(request, ADMIN_BODY),
        bodyText: () => readBodyText(request, ADMIN_BODY),
        scenarioFiles,
      });
      return isStreamed(data) ? data : successAnswer(data);
    } catch (error) {
      if (error instanceof ScenarioError) return errorAnswer(new ApiError('VALIDATION_ERROR', error.message));
      return toErrorAnswer(error);
    }
  };
}

const NEVER = new AbortController().signal;

/** Methods that change nothing, and whose body (if any) no route reads. */
const READS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** `/__sandbox/health/` → `/health`; undefined for a path outside the admin API. */
function pathUnderPrefix(pathname: string): string | undefined {
  if (pathname !== ADMIN_PREFIX && !pathname.startsWith(`${ADMIN_PREFIX}/`)) return undefined;
  const path = pathname.slice(ADMIN_PREFIX.length).replace(/\/+$/, '');
  return path === '' ? '/' : path;
}
