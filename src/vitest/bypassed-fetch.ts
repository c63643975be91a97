import { subscribe, unsubscribe } from 'node:diagnostics_channel';

/** What Node's fetch (undici) publishes when a request it sent fails: `{ request: { origin, method, path }, error }`. */
const REQUEST_ERROR = 'undici:request:error';
/** The codes of a host name that does not resolve: no such name, or no DNS at all. */
const NOT_RESOLVED: ReadonlySet<string> = new Set(['ENOTFOUND', 'EAI_AGAIN']);

interface UndiciRequestError {
  request?: { origin?: unknown; method?: unknown; path?: unknown };
  error?: { code?: unknown; message?: unknown };
}

/**
 * Watches the network for a request to the sandbox's host that went past msw: Node's own fetch sent it and its host
 * did not resolve (`getaddrinfo ENOTFOUND api.partner.test`). A request msw answers never reaches undici, so such
 * a request came from a `fetch` taken before msw started (msw replaces `globalThis.fetch` when it starts).
 * `onBypass` gets the request and the error, as undici reported them.
 */
export function watchBypassedFetch(baseUrl: string, onBypass: (request: string, error: string) => void): () => void {
  const origin = new URL(baseUrl).origin;
  const listener = (message: unknown) => {
    const { request, error } = message as UndiciRequestError;
    if (request?.origin !== origin || !NOT_RESOLVED.has(String(error?.code))) return;
    onBypass(`${String(request.method)} ${origin}${String(request.path)}`, String(error?.message));
  };
  subscribe(REQUEST_ERROR, listener);
  return () => unsubscribe(REQUEST_ERROR, listener);
}

/** What a test is told when its client's requests went past msw: why, and the three ways out. */
export function bypassedFetchMessage(request: string, error: string, baseUrl: string): string {
  return [
    `[esim-wholesale-sandbox] ${request} went to the network (${error}), not to the sandbox, which has received no request in this test.`,
    "The client under test calls a fetch it took before msw started: a module that keeps `globalThis.fetch` when it is imported (`const http = fetch`, `fetch.bind(globalThis)`, a client made at the top of a module with `fetch` as an option) holds the fetch msw has not replaced yet; the sandbox test's msw starts when the file's first test runs, after the file's imports.",
    `Fix it in one of three ways: look fetch up at each call (\`(input, init) => fetch(input, init)\`); make the client inside the test or a beforeAll, or import its module there (\`await import('./client.js')\`); or hand the client the sandbox's own fetch: \`(input, init) => sandbox.fetch(new Request(input, init))\`, which needs no msw at all. The sandbox answers ${baseUrl}/*.`,
    'More in the troubleshooting section of docs/testing.md.',
  ].join('\n');
}
