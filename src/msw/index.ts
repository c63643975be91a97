import './msw-node-check.js';
import { http, type HttpHandler } from 'msw';
import { createSandbox as createCoreSandbox } from '../sandbox.js';
import type { Sandbox, SandboxOptions } from '../types.js';

/** msw handlers that answer every request under `baseUrl` from the sandbox. */
export function createHandlers(sandbox: Sandbox, baseUrl: string): HttpHandler[] {
  const basePath = new URL(baseUrl).pathname;
  return [http.all(`${baseUrl.replace(/\/+$/, '')}/*`, ({ request }) => sandbox.fetch(request, { basePath }))];
}

export interface MswSandbox extends Sandbox {
  /** msw handlers for the API at `baseUrl`, e.g. `https://api.partner.test/api/v1`. */
  handlers(baseUrl: string): HttpHandler[];
}

/** A sandbox with `handlers(baseUrl)`, for `setupServer(...sandbox.handlers(baseUrl))`. */
export function createSandbox(options: SandboxOptions = {}): MswSandbox {
  const sandbox = createCoreSandbox(options);
  return Object.assign(sandbox, { handlers: (baseUrl: string) => createHandlers(sandbox, baseUrl) });
}
