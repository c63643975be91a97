/**
 * What a test is told of a request no handler answered, before msw fails it with its own words ("Cannot bypass
 * a request when using the "error" strategy"): where the sandbox answers, and how to point one at the other.
 */
export function unhandledRequestMessage(request: { method: string; url: string }, baseUrl: string): string {
  const origin = safeOrigin(request.url);
  return [
    `[esim-wholesale-sandbox] ${request.method} ${request.url} reached no handler, so it fails the test.`,
    `The sandbox of this test answers ${baseUrl}/* only.`,
    `Point the client under test at ${baseUrl}, or give the sandbox your client's base URL: createSandboxTest({ baseUrl: '<your base URL>' }).`,
    `To let requests to ${origin} through instead, add a handler in the test: mswServer.use(http.all('${origin}/*', () => passthrough())).`,
  ].join('\n');
}

function safeOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}
