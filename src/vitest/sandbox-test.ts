import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { setupServer } from 'msw/node';
import { test } from 'vitest';
import { createSandbox, type MswSandbox } from '../msw/index.js';
import type { SandboxOptions } from '../types.js';

/** msw 2 and 3 name its type differently. */
export type MswServer = ReturnType<typeof setupServer>;

export const DEFAULT_BASE_URL = 'https://api.partner.test/api/v1';

export interface SandboxTestOptions extends SandboxOptions {
  /** Where the client under test sends its API calls; msw answers them from the sandbox. Default: `https://api.partner.test/api/v1`. */
  baseUrl?: string;
}

/**
 * msw 3 reads `onUnhandledFrame`, msw 2 `onUnhandledRequest`, each ignoring the other's. `error`: a call sent
 * anywhere else (a typo in its base address) fails the test instead of reaching the network.
 */
const UNHANDLED_IS_AN_ERROR = { onUnhandledFrame: 'error', onUnhandledRequest: 'error' } as NonNullable<Parameters<MswServer['listen']>[0]>;

interface FileSandbox {
  sandbox: MswSandbox;
  server: MswServer;
  restore(): Promise<void>;
  /** Whether the current test was told already that its client's fetch went past msw. */
  bypassTold: boolean;
}

/**
 * `sandbox` starts each test at the scenario's initial state, answering through msw at `baseUrl`; `mswServer`
 * overrides are reset after each test. Both are set up used or not: a client reaches the sandbox through its
 * HTTP calls alone. Make one per test file: msw intercepts once per process, so two servers answer twice.
 */
export function createSandboxTest(options: SandboxTestOptions = {}) {
  const { baseUrl = DEFAULT_BASE_URL, ...sandboxOptions } = options;
  return test.extend<{ $file: { sandboxFile: FileSandbox }; $test: { sandbox: MswSandbox; mswServer: MswServer } }>({
    sandboxFile: [
      async ({}, use) => {
        const sandbox = createSandbox(sandboxOptions);
        const server = setupServer(...sandbox.handlers(baseUrl));
        server.events.on('request:unhandled', ({ request }) => console.error(unhandledRequestMessage(request, baseUrl)));
        server.listen(UNHANDLED_IS_AN_ERROR);
        // Restoring the initial state is ~10× cheaper than a reset (nothing drawn or priced again), and brings
        // back the file's scenario when a test switched to another.
        const initial = await sandbox.snapshot();
        const file: FileSandbox = { sandbox, server, restore: () => sandbox.restore(initial), bypassTold: false };
        // A request msw answers never reaches undici, so one whose host did not resolve came from a `fetch` taken
        // before msw replaced `globalThis.fetch`. Told once per test, while the sandbox has received nothing in it.
        const origin = new URL(baseUrl).origin;
        const onRequestError = (message: unknown) => {
          const { request, error } = message as UndiciRequestError;
          if (request?.origin !== origin || !NOT_RESOLVED.has(String(error?.code)) || file.bypassTold || sandbox.journal().length > 0) return;
          file.bypassTold = true;
          console.error(bypassedFetchMessage(`${String(request.method)} ${origin}${String(request.path)}`, String(error?.message), baseUrl));
        };
        subscribe(REQUEST_ERROR, onRequestError);
        try {
          await use(file);
        } finally {
          unsubscribe(REQUEST_ERROR, onRequestError);
          server.close();
          await sandbox[Symbol.asyncDispose]();
        }
      },
      { scope: 'file', auto: true },
    ],
    sandbox: [
      async ({ sandboxFile }, use) => {
        await sandboxFile.restore();
        sandboxFile.bypassTold = false;
        await use(sandboxFile.sandbox);
      },
      { auto: true },
    ],
    mswServer: [
      async ({ sandboxFile: { server } }, use) => {
        await use(server);
        server.resetHandlers();
      },
      { auto: true },
    ],
  });
}

/** Told before msw fails the request in its own words ("Cannot bypass a request when using the "error" strategy"). */
function unhandledRequestMessage(request: { method: string; url: string }, baseUrl: string): string {
  const origin = URL.canParse(request.url) ? new URL(request.url).origin : request.url;
  return [
    `[esim-wholesale-sandbox] ${request.method} ${request.url} reached no handler, so it fails the test.`,
    `The sandbox of this test answers ${baseUrl}/* only.`,
    `Point the client under test at ${baseUrl}, or give the sandbox your client's base URL: createSandboxTest({ baseUrl: '<your base URL>' }).`,
    `To let requests to ${origin} through instead, add a handler in the test: mswServer.use(http.all('${origin}/*', () => passthrough())).`,
  ].join('\n');
}

/** What Node's fetch (undici) publishes when a request it sent fails: `{ request: { origin, method, path }, error }`. */
const REQUEST_ERROR = 'undici:request:error';
const NOT_RESOLVED: ReadonlySet<string> = new Set(['ENOTFOUND', 'EAI_AGAIN']);

interface UndiciRequestError {
  request?: { origin?: unknown; method?: unknown; path?: unknown };
  error?: { code?: unknown; message?: unknown };
}

function bypassedFetchMessage(request: string, error: string, baseUrl: string): string {
  return [
    `[esim-wholesale-sandbox] ${request} went to the network (${error}), not to the sandbox, which has received no request in this test.`,
    "The client under test calls a fetch it took before msw started: a module that keeps `globalThis.fetch` when it is imported (`const http = fetch`, `fetch.bind(globalThis)`, a client made at the top of a module with `fetch` as an option) holds the fetch msw has not replaced yet; the sandbox test's msw starts when the file's first test runs, after the file's imports.",
    `Fix it in one of three ways: look fetch up at each call (\`(input, init) => fetch(input, init)\`); make the client inside the test or a beforeAll, or import its module there (\`await import('./client.js')\`); or hand the client the sandbox's own fetch: \`(input, init) => sandbox.fetch(new Request(input, init))\`, which needs no msw at all. The sandbox answers ${baseUrl}/*.`,
    'More in the troubleshooting section of docs/testing.md.',
  ].join('\n');
}
