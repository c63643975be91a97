import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { ApiError } from '../domain/api-error.js';
import type { AdminApiOptions } from '../admin/admin-api.js';
import { errorAnswer } from '../api/envelope.js';
import type { ApiRequest } from '../api/api-request.js';
import type { Answer } from '../api/outcome.js';
import { pathSpellingRefusal } from '../api/path-spelling.js';
import { inspectorRequest } from '../admin/inspector-files.js';
import type { CoreSandboxHost } from '../sessions/sandbox-host.js';
import { areaOf, type Area } from './areas.js';
import { nodeApiRequestOf, nodeHandler, nodeRecordOf, nodeRequestHead, writeAnswer, type NodeRequestHead } from './node-bridge.js';
import { guardPolicy, refusalOf, type GuardOptions } from './request-guard.js';
import { localOriginOf } from './host-names.js';
import { refuseUnclearHost } from './transport-answers.js';

/** What `startServer` gives its listener: the admin API's options, the guard's, and what only a running server knows. */
export interface RequestListenerOptions extends AdminApiOptions, Omit<GuardOptions, 'boundAddress'> {
  /** The address the server listens on, asked at the first request. */
  boundAddress: () => string;
  /** Aborted when the server shuts down: open event streams end then, instead of holding the shutdown. */
  closing: AbortSignal;
  /** Aborted at the end of a stop's grace: a call still in a latency fault is answered 503 then. */
  cutOff: AbortSignal;
  /** Answers an admin request before the admin API does (proxy mode: its summary, its refusals). Default: none. */
  adminFirst?: AdminFirst;
}

/** An answer to an admin request that the admin API then does not see; undefined passes the request on. */
export type AdminFirst = (request: ApiRequest) => Answer | undefined;

/**
 * The standalone server's request listener: the path taken only written out (`pathSpellingRefusal`), its area decided
 * from it once, the guard (`Host`, `Origin`, admin token, content type), then the area's answer. The admin API and the
 * reference page (express) are loaded on first use, so that start-up does not wait for them.
 */
export function createRequestListener(host: CoreSandboxHost, options: RequestListenerOptions): RequestListener {
  const adminApi = once(() => import('../admin/admin-api.js').then(({ createAdminApi }) => createAdminApi(host, options)));
  const docsApp = once(() => import('./docs-app.js').then(({ createDocsApp }) => createDocsApp(), withoutExpress));
  const answerOptions = { cutOff: options.cutOff };
  const areas: Record<Area, (req: IncomingMessage, res: ServerResponse, head: NodeRequestHead) => void> = {
    api: nodeHandler(nodeRecordOf, (record, reply) => host.answer(record, reply, answerOptions)),
    admin: nodeHandler(nodeApiRequestOf, (request, reply, req) => {
      const first = options.adminFirst?.(request);
      if (first) return reply.answered(first);
      const info = { origin: localOriginOf(req.socket), closing: options.closing };
      adminApi()
        .then((answer) => answer(request, info))
        .then(
          (outcome) => reply.answered(outcome),
          (error: unknown) => reply.failed(error),
        );
    }),
    // The listener decided the area from the path as written: the page and its files, by their own names only.
    inspector: nodeHandler(
      (_req, head) => head,
      ({ method, target }, reply) => reply.answered(inspectorRequest(method, target.split('?', 1)[0]!)),
    ),
    docs: (req, res) =>
      void docsApp()
        .then((app) => app(req, res))
        .catch((error: unknown) => res.destroy(error as Error)),
  };

  const policyOf = once(() => guardPolicy({ ...options, boundAddress: options.boundAddress() }));

  return (req: IncomingMessage, res: ServerResponse) => {
    if (refuseUnclearHost(req, res)) return;
    const head = nodeRequestHead(req);
    // One path for every part of the server: a path spelled so that its parts would read it differently never gets further.
    const misspelt = pathSpellingRefusal(head.target);
    if (misspelt) return writeAnswer(errorAnswer(misspelt), res);
    const area = areaOf(head.target);
    const refused = refusalOf(area, head, policyOf());
    if (refused) return writeAnswer(errorAnswer(refused), res);
    // Each area's handler closes the connection on a failure no answer was made for (a bug, a module that would not load).
    areas[area](req, res, head);
  };
}

/** `load()` on the first call; the same value after. */
function once<T>(load: () => T): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= load());
}

/**
 * The reference page when express, an optional peer of the library (the esim-sandbox command carries its own),
 * is not installed: a 404 that says how to get it. Any other failure to load stays one.
 */
function withoutExpress(error: unknown): RequestListener {
  const missing = (error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND' && String((error as Error).message).includes("'express'");
  if (!missing) throw error;
  const message =
    'The API reference page needs the express package, which is not installed beside esim-wholesale-sandbox: ' +
    'npm install express@5 (the esim-sandbox command carries its own).';
  return (_req, res) => writeAnswer(errorAnswer(new ApiError('NOT_FOUND', message)), res);
}
