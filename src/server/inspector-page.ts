import path from 'node:path';
import express, { type Router } from 'express';
import { errorAnswer } from '../api/envelope.js';
import { ApiError } from '../domain/api-error.js';
import { packageRoot, readPackageText, vendorFolder } from '../lib/package-files.js';
import { writeAnswer } from './node-bridge.js';
import { servePackageFolder } from './serve-package-folder.js';

/** The page's own files, shipped in the package (`files` in package.json, and in the single executable). */
const inspectorDir = path.join(packageRoot, 'inspector');
/** Preact with htm, one ES module of ~13 KB: the page's only dependency, served from this machine. */
const preactDir = path.join(vendorFolder('htm'), 'preact');

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

let indexHtml: string | undefined;

/**
 * The inspector at `/__sandbox/`: live requests, their bodies, the state, controls and the readiness report of
 * the sandbox or a session. The page and its files hold no data and need no token; everything it shows it reads
 * from the admin API, with the token when the server has one.
 */
export function inspectorPage(): Router {
  const router = express.Router({ strict: true });
  router.get('/', (_req, res) => {
    indexHtml ??= readPackageText(path.join(inspectorDir, 'index.html'));
    res.set({ 'content-security-policy': CONTENT_SECURITY_POLICY, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' });
    res.type('html').send(indexHtml);
  });
  router.use('/inspector/vendor', servePackageFolder(preactDir));
  router.use('/inspector', servePackageFolder(inspectorDir));
  router.use((req, res) => {
    writeAnswer(errorAnswer(new ApiError('NOT_FOUND', `No inspector file at ${req.originalUrl.split('?')[0]}; the inspector is at /__sandbox/.`)), res);
  });
  return router;
}
