import type { RequestListener } from 'node:http';
import express, { type ErrorRequestHandler, type Express } from 'express';
import { toErrorAnswer } from '../api/envelope.js';
import { apiDocs } from './api-docs.js';
import { ADMIN_PREFIX } from '../admin/admin-prefix.js';
import { DOCS_PREFIX } from './areas.js';
import { inspectorPage } from './inspector-page.js';
import { writeAnswer } from './node-bridge.js';

/**
 * The pages of the standalone server, the one part of it on express (it serves package files): the API reference
 * at `/docs` (swagger-ui-dist's files) and the inspector at `/__sandbox/`. A request it has no page for goes to
 * `otherwise`.
 */
export function createDocsApp(otherwise: RequestListener): Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(DOCS_PREFIX, apiDocs());
  app.use(ADMIN_PREFIX, inspectorPage());
  app.use((req, res) => otherwise(req, res));
  app.use(answerUnexpectedError);
  return app;
}

/** Express's own error page would show a stack trace; answer with the 500 envelope instead. */
const answerUnexpectedError: ErrorRequestHandler = (error, _req, res, next) => {
  if (res.headersSent) return next(error);
  writeAnswer(toErrorAnswer(error), res);
};
