import path from 'node:path';
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import { errorAnswer, toErrorAnswer } from '../api/envelope.js';
import { ApiError } from '../domain/api-error.js';
import { checkPathEncoding } from '../api/path-spelling.js';
import { DOCUMENT_ROUTE } from '../contract/route-table.js';
import { inSingleExecutable, packageFolderEntries, readPackageFile, vendorFolder } from '../lib/package-files.js';
import { DOCS_PREFIX } from './areas.js';
import { writeAnswer } from './node-bridge.js';

/** The one part of the standalone server on express: Swagger UI of `swagger-ui-dist` (copied by the build), served locally. */
export function createDocsApp(): Express {
  const app = express();
  app.disable('x-powered-by');
  // A path that is no valid percent-encoding is refused as the API and the admin API refuse it.
  app.use((req, _res, next) => next(invalidEncoding(req.originalUrl.split('?')[0]!)));
  const page = express.Router({ strict: true });
  page.get(['/', '/index.html'], (req, res) => {
    // The page loads its files by relative URL: `/docs` must become `/docs/`.
    if (req.path === '/' && !req.originalUrl.split('?')[0]!.endsWith('/')) return res.redirect(301, `${req.baseUrl}/`);
    res.type('html').send(INDEX_HTML);
  });
  page.get('/swagger-initializer.js', (_req, res) => {
    res.type('js').send(INITIALIZER_JS);
  });
  page.use(servePackageFolder(vendorFolder('swagger-ui-dist')));
  app.use(DOCS_PREFIX, page);
  app.use((req, res) => {
    writeAnswer(errorAnswer(new ApiError('NOT_FOUND', `No reference page file at ${req.originalUrl.split('?')[0]}; the reference page is at ${DOCS_PREFIX}/.`)), res);
  });
  app.use(answerUnexpectedError);
  return app;
}

function invalidEncoding(pathname: string): unknown {
  try {
    checkPathEncoding(pathname);
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

/** The key the reference page is authorised with, so that "Try it out" works at once. */
const DOCS_API_KEY = 'sk_test_full_access';

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <title>eSIM Wholesale API reference (sandbox)</title>
    <link rel="icon" type="image/png" href="./favicon-32x32.png">
    <link rel="stylesheet" href="./swagger-ui.css">
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="./swagger-ui-bundle.js"></script>
    <script src="./swagger-initializer.js"></script>
  </body>
</html>
`;

/** The document's `servers` is this server's own origin. No validator badge: nothing leaves the machine. */
const INITIALIZER_JS = `window.onload = function () {
  window.ui = SwaggerUIBundle({
    url: ${JSON.stringify(`/api/v1${DOCUMENT_ROUTE.path}`)},
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    onComplete: function () {
      window.ui.preauthorizeApiKey('apiKey', ${JSON.stringify(DOCS_API_KEY)});
    },
  });
};
`;

/** From disk, or in the single-file executable from the files it carries: the folder's own files, not its subfolders. */
function servePackageFolder(dir: string): RequestHandler {
  if (!inSingleExecutable) return express.static(dir, { index: false, redirect: false });
  const names = new Set(packageFolderEntries(dir));
  return (req, res, next) => {
    const name = req.path.slice(1);
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !names.has(name)) return next();
    res.type(path.extname(name) || 'application/octet-stream').send(readPackageFile(path.join(dir, name)));
  };
}
