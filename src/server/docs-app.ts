import express, { type ErrorRequestHandler, type Express } from 'express';
import { errorAnswer, toErrorAnswer } from '../api/envelope.js';
import { ApiError } from '../domain/api-error.js';
import { checkPathEncoding } from '../api/path-spelling.js';
import { apiDocs } from './api-docs.js';
import { DOCS_PREFIX } from './areas.js';
import { writeAnswer } from './node-bridge.js';

/**
 * The API reference page at `/docs`, the one part of the standalone server on express (it serves Swagger UI's
 * files). A path under `/docs` it has no file for is answered 404 with the error envelope.
 */
export function createDocsApp(): Express {
  const app = express();
  app.disable('x-powered-by');
  // A path that is no valid percent-encoding is refused as the API and the admin API refuse it.
  app.use((req, _res, next) => next(invalidEncoding(req.originalUrl.split('?')[0]!)));
  app.use(DOCS_PREFIX, apiDocs());
  app.use((req, res) => {
    writeAnswer(errorAnswer(new ApiError('NOT_FOUND', `No reference page file at ${req.originalUrl.split('?')[0]}; the reference page is at ${DOCS_PREFIX}/.`)), res);
  });
  app.use(answerUnexpectedError);
  return app;
}

function invalidEncoding(path: string): unknown {
  try {
    checkPathEncoding(path);
    return undefined;
  } catch (error) {
    return error;
  }
}

/** Express's own error page would show a stack trace; answer with the 500 envelope instead. */
const answerUnexpectedError: ErrorRequestHandler = (error, _req, res, next) => {
  if (res.headersSent) return next(error);
  writeAnswer(toErrorAnswer(error), res);
};
