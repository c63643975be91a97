import { setupServer } from 'msw/node';
import { test } from 'vitest';
import { createSandbox, type MswSandbox } from '../msw/index.js';
import type { SandboxOptions } from '../types.js';
import { unhandledRequestMessage } from './unhandled-request.js';
import { bypassedFetchMessage, watchBypassedFetch } from './bypassed-fetch.js';

/** msw's server for Node, of msw 2 or 3 (the two name its type differently). */
export type MswServer = ReturnType<typeof setupServer>;

export const DEFAULT_BASE_URL = 'https://api.partner.test/api/v1';

export interface SandboxTestOptions extends SandboxOptions {
  /** Where the client under test sends its API calls; msw answers them from the sandbox. Default: `https://api.partner.test/api/v1`. */
  baseUrl?: string;
}

/**
 * msw's option for a request no handler answers, in both peer majors: msw 3 reads `onUnhandledFrame`, msw 2
 * `onUnhandledRequest`, and each ignores the other's. `error` fails the request, so a call the client sends
 * anywhere else (a typo in its base address, a forgotten host) fails the test instead of reaching the network;
 * the `request:unhandled` event, in both, prints first which base URL the sandbox answers and how to change it.
 */
const UNHANDLED_IS_AN_ERROR = { onUnhandledFrame: 'error', onUnhandledRequest: 'error' } as NonNullable<Parameters<MswServer['listen']>[0]>;

interface FileSandbox {
  sandbox: MswSandbox;
  server: MswServer;
  /** Put the sandbox back as the file found it. */
  restore(): Promise<void>;
  /** Whether the current test was told already that its client's fetch went past msw. */
  bypassTold: boolean;
}

/**
 * A vitest `test` whose `sandbox` is at the scenario's initial state in every test, answering through msw at
 * `baseUrl`; `mswServer` is the msw server, for `mswServer.use(...)` overrides, reset after each test. Both
 * are set up for every test made with it, used or not: a client under test reaches the sandbox through its
 * HTTP calls alone. The sandbox and the msw server are made once per file, and the server closed after it.
 * Make one per test file: msw intercepts once per process, so two servers listening at once answer twice.
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
        // Once per test, and only while the sandbox has received nothing in it: a fetch taken before msw started.
        const stopWatching = watchBypassedFetch(baseUrl, (request, error) => {
          if (file.bypassTold || sandbox.journal().length > 0) return;
          file.bypassTold = true;
          console.error(bypassedFetchMessage(request, error, baseUrl));
        });
        try {
          await use(file);
        } finally {
          stopWatching();
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
