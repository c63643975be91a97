import { describe, expect, it } from 'vitest';
import { largeScenario } from '../../bench/lib/large-scenario.ts';
import type * as ServerModule from '../../src/server/index.js';
import type * as CheckerModule from '../../src/admin/session-request-thread.js';
import type { SessionRequest } from '../../src/admin/session-request.js';
import type { ScenarioFileAccess } from '../../src/scenarios/scenario-file-access.js';

// The worker thread runs the built script (dist/admin/session-request-worker.js), as an installed package does:
// these tests take the built modules (`npm test` builds first).
const { startServer } = (await import('../../dist/server/index.js' as string)) as typeof ServerModule;
const { SessionRequestChecker } = (await import('../../dist/admin/session-request-thread.js' as string)) as typeof CheckerModule;

const JSON_HEADERS = { 'content-type': 'application/json' };
const AUTH = { 'x-api-key': 'sk_test_full_access' };
const FILES: ScenarioFileAccess = { kind: 'confined', dirs: [] };
const NEVER = new AbortController().signal;

const inWorker = new SessionRequestChecker(true);
const inPlace = new SessionRequestChecker(false);

/** What a checker makes of a body: the request, or the refusal's code and message. */
async function outcome(checker: InstanceType<typeof SessionRequestChecker>, text: string): Promise<SessionRequest | { refused: string; headers: unknown }> {
  try {
    return await checker.check(text, FILES, NEVER);
  } catch (error) {
    const { code, status, message, headers } = error as { code: string; status: number; message: string; headers: unknown };
    return { refused: `${status} ${code}: ${message}`, headers };
  }
}

function withBadProducts(scenario: Record<string, unknown>): Record<string, unknown> {
  const products = structuredClone(scenario['products']) as Array<Record<string, unknown>>;
  products[3]!['colour'] = 'blue';
  products[700]!['inventory'] = -1;
  products[1200]!['id'] = products[5]!['id'];
  return { ...scenario, products };
}

describe('a large session body, checked in a worker thread', () => {
  const scenario = largeScenario(1_000_000);

  it('is the worker built beside this module', () => {
    expect(new SessionRequestChecker().useWorker).toBe(true);
  });

  it('gives the same resolved scenario, seed and size as checked in place', async () => {
    const text = JSON.stringify({ scenario, seed: 42 });
    const [worker, place] = [await outcome(inWorker, text), await outcome(inPlace, text)];
    expect((worker as SessionRequest).scenario?.products.length).toBeGreaterThan(1000);
    expect(worker).toStrictEqual(place);
  });

  it.each([
    ['problems in the scenario', JSON.stringify({ scenario: withBadProducts(scenario) })],
    ['an unknown field in the body', JSON.stringify({ scenario, colour: 'blue' })],
    ['a body that is not JSON', `${JSON.stringify({ scenario })},`],
    ['a body nested too deep', JSON.stringify({ scenario, seed: JSON.parse(`${'['.repeat(80)}${']'.repeat(80)}`) })],
    ['an unknown scenario name after a long description', JSON.stringify({ scenario: 'no-such-one', seed: 1, ...{ x: 'y'.repeat(70_000) } })],
  ])('refuses %s with the same problems as checked in place', async (_, text) => {
    const [worker, place] = [await outcome(inWorker, text), await outcome(inPlace, text)];
    expect(worker).toStrictEqual(place);
    expect('refused' in place || (place as SessionRequest).problems !== undefined).toBe(true);
  });

  it('checks one at a time with at most 3 waiting: one more is refused 503 with Retry-After, the others answered', async () => {
    const checker = new SessionRequestChecker(true);
    const text = JSON.stringify({ scenario: largeScenario(100_000) });
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => outcome(checker, text)));
    expect(outcomes.slice(0, 4).map((checked) => (checked as SessionRequest).scenario?.name)).toEqual(Array(4).fill('bulk-catalog'));
    expect(outcomes[4]).toEqual({
      refused: expect.stringMatching(/^503 SERVICE_UNAVAILABLE: 4 large session requests are being checked or waiting/),
      headers: { 'retry-after': '1' },
    });
  });

  it('refuses a scenario too costly to check (8 MB of entities, each wrong) with a 413 once its worker passes its heap bound', async () => {
    const text = JSON.stringify({ scenario: { name: 'costly', extends: 'default', products: Array(4_000_000).fill(1) } });
    expect(await outcome(inWorker, text)).toEqual({
      refused: expect.stringMatching(/^413 PAYLOAD_TOO_LARGE: Checking this inline scenario took more than the 512 MiB of memory/),
      headers: {},
    });
  });

  it('leaves nothing behind: a second check after a refusal works as the first', async () => {
    await outcome(inWorker, `${JSON.stringify({ scenario })},`);
    expect(await outcome(inWorker, JSON.stringify({ scenario }))).toMatchObject({ problems: undefined });
  });
});

/** Resolves when the server has read a session body whole and starts checking it: the moment to send another request. */
function checkStarted(): Promise<void> {
  const prototype = SessionRequestChecker.prototype;
  const check = prototype.check;
  return new Promise((resolve) => {
    prototype.check = function (...args) {
      prototype.check = check;
      resolve();
      return check.apply(this, args);
    };
  });
}

describe('a session built from a 7.6 MB inline scenario', () => {
  const body = JSON.stringify({ scenario: largeScenario(7.6e6) });

  it('does not hold up other requests: a getBalance sent while the scenario is checked is answered first', async () => {
    await using server = await startServer({ port: 0 });
    const order: string[] = [];
    const started = checkStarted();
    const created = fetch(`${server.origin}/__sandbox/sessions`, { method: 'POST', headers: JSON_HEADERS, body }).then(async (response) => {
      order.push(`session ${response.status}`);
      return (await response.json()) as { data: { apiKeys: Record<string, string> } };
    });
    // Checked in place, as it was, the server answered the session first: the check held its only thread.
    await started;
    const balance = await fetch(`${server.url}/getBalance`, { headers: AUTH });
    order.push(`getBalance ${balance.status}`);
    const { data } = await created;
    expect(order).toEqual(['getBalance 200', 'session 200']);
    const sessionKey = data.apiKeys['sk_test_full_access']!;
    expect((await fetch(`${server.url}/getProducts?limit=1`, { headers: { 'x-api-key': sessionKey } })).status).toBe(200);
  });

  it('is refused with a 503 when the server closes meanwhile, and no session is made', async () => {
    const server = await startServer({ port: 0 });
    const started = checkStarted();
    const created = fetch(`${server.origin}/__sandbox/sessions`, { method: 'POST', headers: JSON_HEADERS, body });
    await started;
    const closed = server.close();
    const answer = await created;
    expect(answer.status).toBe(503);
    expect(await answer.json()).toMatchObject({ success: false, error: { code: 'SERVICE_UNAVAILABLE', message: expect.stringMatching(/^The server is shutting down/) } });
    await closed;
    expect(server.host.sessions()).toEqual([]);
    await server[Symbol.asyncDispose]();
  });
});
