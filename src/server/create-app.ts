import express, { type ErrorRequestHandler, type Express } from 'express';
import { createAdminHandler, type AdminHandlerOptions } from '../admin/admin-handler.js';
import { toErrorResponse } from '../api/envelope.js';
import { createSandboxHost, isSandboxHost, type SandboxHost } from '../sessions/sandbox-host.js';
import type { Sandbox } from '../types.js';
import { apiDocs } from './api-docs.js';
import { nodeHandler, writeWebResponse } from './node-bridge.js';
import { localOriginOf } from './server-origin.js';

/**
 * The standalone server: the admin API at `/__sandbox`, the API reference page at `/docs`, everything else
 * answered by the host (by a session's sandbox for a session key, else by the main sandbox).
 */
export function createApp(target: Sandbox | SandboxHost, adminOptions: AdminHandlerOptions = {}): Express {
  const host = isSandboxHost(target) ? target : createSandboxHost({}, target);
  const app = express();
  app.disable('x-powered-by');
  const admin = createAdminHandler(host, undefined, adminOptions);
  // A pattern without parameters: express decodes none, the admin handler reads the path itself.
  app.all(ADMIN_PATHS, (req, res) => nodeHandler((request) => admin(request, { origin: localOriginOf(req.socket) }))(req, res));
  app.use('/docs', apiDocs());
  app.use(nodeHandler((request) => host.fetch(request)));
  app.use(answerUnexpectedError);
  return app;
}

/** `/__sandbox` and everything below it, in any letter case (as express matches routes). */
const ADMIN_PATHS = /^\/__sandbox(?:\/.*)?$/i;

/** Express's own error page would show a stack trace; answer with the 500 envelope instead. */
const answerUnexpectedError: ErrorRequestHandler = (error, _req, res, next) => {
  if (res.headersSent) return next(error);
  return writeWebResponse(toErrorResponse(error), res);
};
