import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Express } from 'express';
import { answerWith } from '../api/answer.js';
import { errorAnswer } from '../api/envelope.js';
import type { ScenarioFileAccess } from '../scenarios/scenario-file-access.js';
import type { SandboxHost } from '../sessions/sandbox-host.js';
import { hasBody, nodeAnswerHandler, writeAnswer } from './node-bridge.js';
import { guardPolicy, refusalOf, type Area, type GuardPolicy } from './request-guard.js';
import { refuseMissingHost } from './transport-answers.js';

export interface RequestListenerOptions {
  /** When set, the admin API (`/__sandbox`) answers 401 to a request without this token. */
  adminToken?: string;
  /** Where a scenario named over the admin API may be read from. Default: built-in scenarios only. */
  scenarioFiles?: ScenarioFileAccess;
  /** Names a server on a loopback address answers to in `Host`, besides that address and `localhost`. */
  allowedHosts?: readonly string[];
  /** The address the server listens on, asked at the first request; without it any `Host` is taken. */
  boundAddress?: () => string;
}

/**
 * The standalone server's request listener. Each request first passes the guard (`Host`, `Origin`, admin
 * token and content type); then the imitated API goes straight through the fetch bridge, on plain
 * `node:http`, and the admin API and the reference page go through the express app, loaded on first use
 * so that start-up does not wait for it.
 */
export function createRequestListener(host: SandboxHost, options: RequestListenerOptions = {}): RequestListener {
  const api = nodeAnswerHandler((request) => answerWith(host, request));
  let app: Promise<Express> | undefined;
  const loadApp = () => (app ??= import('./create-app.js').then(({ createApp }) => createApp(host, { scenarioFiles: options.scenarioFiles })));
  let policy: GuardPolicy | undefined;
  const policyOf = () =>
    (policy ??= options.boundAddress
      ? guardPolicy({ boundAddress: options.boundAddress(), allowedHosts: options.allowedHosts, adminToken: options.adminToken })
      : { adminToken: options.adminToken });

  return (req: IncomingMessage, res: ServerResponse) => {
    if (refuseMissingHost(req, res)) return;
    const area = areaOf(req.url ?? '/');
    const encrypted = 'encrypted' in req.socket && req.socket.encrypted === true;
    const guarded = { area, method: req.method ?? 'GET', headers: req.headers, encrypted, hasBody: hasBody(req) };
    const refused = refusalOf(guarded, policyOf());
    if (refused) return writeAnswer(errorAnswer(refused), res);
    if (area === 'api') return void api(req, res);
    loadApp().then(
      (express) => express(req, res),
      (error: unknown) => res.destroy(error as Error),
    );
  };
}

/** `/__sandbox…` is the admin API, `/docs…` the reference page; everything else is answered by the sandbox. */
function areaOf(url: string): Area {
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
