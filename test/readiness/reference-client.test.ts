import { setupServer } from 'msw/node';
import { expect, it } from 'vitest';
import { createSandbox } from 'esim-wholesale-sandbox/msw';
import { startServer } from 'esim-wholesale-sandbox/server';
import { FULL_ACCESS } from '../support/modes.js';
import { ReferenceClient, runPartnerTests } from '../support/reference-client.js';

const MSW_BASE_URL = 'https://api.partner.test/api/v1';

/**
 * On real time: the waits are real (Retry-After 1 s, polls 1 s apart, back-off from 200 ms), so the three runs
 * (in-process through msw, over HTTP, and over HTTP in a session of its own) go at once, ~5 s in all.
 */
it('the reference client goes through the drill in real time and is ready: in-process, over HTTP, and in a session', async () => {
  const sandbox = createSandbox({ scenario: 'readiness-drill' });
  const msw = setupServer(...sandbox.handlers(MSW_BASE_URL));
  // Requests to the HTTP server go past msw.
  msw.listen({ onUnhandledFrame: 'bypass' } as never);
  const server = await startServer({ port: 0, scenario: 'readiness-drill' });
  try {
    const session = await (
      await fetch(`${server.origin}/__sandbox/sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ scenario: 'readiness-drill' }),
      })
    ).json();
    const client = (baseUrl: string, apiKey: string) => new ReferenceClient({ baseUrl, apiKey });
    await Promise.all([
      runPartnerTests(client(MSW_BASE_URL, FULL_ACCESS)),
      runPartnerTests(client(server.url, FULL_ACCESS)),
      runPartnerTests(client(server.url, session.data.apiKeys[FULL_ACCESS])),
    ]);

    const inProcess = sandbox.readiness();
    expect(inProcess.verdict, JSON.stringify(inProcess, null, 2)).toBe('ready');
    const overHttp = await (await fetch(`${server.origin}/__sandbox/readiness`)).json();
    expect(overHttp).toEqual({ success: true, data: server.sandbox.readiness() });
    expect(overHttp.data).toEqual(inProcess);
    const ofSession = await (await fetch(`${server.origin}/__sandbox/sessions/${session.data.id}/readiness`)).json();
    expect(ofSession.data).toEqual(inProcess);
  } finally {
    msw.close();
    await server.close();
  }
});
