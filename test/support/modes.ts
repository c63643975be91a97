import { afterAll, beforeAll, describe } from 'vitest';
import { setupServer } from 'msw/node';
import type { Sandbox, SandboxOptions } from 'esim-wholesale-sandbox';
import { createSandbox } from 'esim-wholesale-sandbox/msw';
import { startServer } from 'esim-wholesale-sandbox/server';
import { assertDocumented } from './openapi-contract.js';
import type { ApiResponse, SuccessData } from './json.js';

export type Mode = 'msw' | 'http';
export const MODES: Mode[] = ['msw', 'http'];

/** What a behaviour test talks to: the API at `baseUrl`, and the sandbox behind it for set-up. */
export interface Target {
  mode: Mode;
  baseUrl: string;
  sandbox: Sandbox;
  /**
   * A request to the API, `path` relative to the base URL (`/getBalance?limit=1`). The answer is checked
   * against the OpenAPI document first: one that does not conform rejects, failing the test that made it.
   * Its type carries the route's success `data`, for `expectSuccess`.
   */
  call<Path extends string>(path: Path, init?: RequestInit & { key?: string | null; json?: unknown }): Promise<ApiResponse<SuccessData<Path>>>;
}

const MSW_BASE_URL = 'https://api.partner.test/api/v1';

/** Runs one `describe` body against the msw handlers under `setupServer` and against a real server on port 0. */
export function describeBothModes(title: string, body: (target: () => Target) => void, options: SandboxOptions = {}): void {
  for (const mode of MODES) {
    describe(`${title} [${mode}]`, () => {
      let target: Target | undefined;
      let stop: (() => Promise<void> | void) | undefined;
      beforeAll(async () => {
        const started = await startTarget(mode, options);
        target = started.target;
        stop = started.stop;
      });
      afterAll(async () => {
        await stop?.();
      });
      body(() => target!);
    });
  }
}

export async function startTarget(mode: Mode, options: SandboxOptions = {}): Promise<{ target: Target; stop: () => Promise<void> | void }> {
  if (mode === 'msw') {
    const sandbox = createSandbox(options);
    const server = setupServer(...sandbox.handlers(MSW_BASE_URL));
    server.listen({ onUnhandledFrame: 'error' });
    return { target: makeTarget(mode, MSW_BASE_URL, sandbox), stop: () => server.close() };
  }
  const server = await startServer({ port: 0, ...options });
  return { target: makeTarget(mode, server.url, server.sandbox), stop: () => server.close() };
}

export const FULL_ACCESS = 'sk_test_full_access';

function makeTarget(mode: Mode, baseUrl: string, sandbox: Sandbox): Target {
  return {
    mode,
    baseUrl,
    sandbox,
    async call(path, { key = FULL_ACCESS, json, headers, ...init } = {}) {
      const allHeaders = new Headers(headers);
      if (key !== null) allHeaders.set('x-api-key', key);
      if (json !== undefined) {
        if (!allHeaders.has('content-type')) allHeaders.set('content-type', 'application/json');
        init.body = JSON.stringify(json);
        init.method ??= 'POST';
      }
      const response = await fetch(`${baseUrl}${path}`, { ...init, headers: allHeaders });
      await assertDocumented((init.method ?? 'GET').toUpperCase(), path, response);
      return response;
    },
  };
}
