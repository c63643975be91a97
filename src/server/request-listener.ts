import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Express } from 'express';
import { checkAdminToken } from '../admin/admin-token.js';
import { answerWith } from '../api/answer.js';
import { errorAnswer } from '../api/envelope.js';
import type { SandboxHost } from '../sessions/sandbox-host.js';
import { nodeAnswerHandler, writeAnswer } from './node-bridge.js';
import { refuseMissingHost } from './transport-answers.js';

export interface RequestListenerOptions {
  /** When set, the admin API (`/__sandbox`) answers 401 to a request without this token. */
  adminToken?: string;
}

/**
 * The standalone server's request listener. The imitated API goes straight through the fetch bridge, on
 * plain `node:http`; the admin API and the reference page go through the express app, loaded on first use
 * so that start-up does not wait for it.
 */
export function createRequestListener(host: SandboxHost, options: RequestListenerOptions = {}): RequestListener {
  const api = nodeAnswerHandler((request) => answerWith(host, request));
  let app: Promise<Express> | undefined;
  const loadApp = () => (app ??= import('./create-app.js').then(({ createApp }) => createApp(host)));

  return (req: IncomingMessage, res: ServerResponse) => {
    if (refuseMissingHost(req, res)) return;
    const area = areaOf(req.url ?? '/');
    if (area === 'api') return void api(req, res);
    if (area === 'admin' && options.adminToken !== undefined) {
      const refused = checkAdminToken(options.adminToken, req.headers);
      if (refused) return writeAnswer(errorAnswer(refused), res);
    }
    loadApp().then(
      (express) => express(req, res),
      (error: unknown) => res.destroy(error as Error),
    );
  };
}

/** `/__sandbox…` is the admin API, `/docs…` the reference page; everything else is answered by the sandbox. */
function areaOf(url: string): 'admin' | 'docs' | 'api' {
  if (isUnder(url, '/__sandbox')) return 'admin';
  if (isUnder(url, '/docs')) return 'docs';
  return 'api';
}

/** Case-insensitive, as express matches routes. */
function isUnder(url: string, prefix: string): boolean {
  if (url.slice(0, prefix.length).toLowerCase() !== prefix) return false;
  const next = url.charCodeAt(prefix.length);
  return Number.isNaN(next) || next === 47 /* / */ || next === 63 /* ? */;
}
