import http from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from 'esim-wholesale-sandbox/server';

/**
 * The admin surface as an adversary sees it, with an admin token set: every admin route, under every spelling of
 * its path that some reader resolves to it, by every method, with bodies no route takes. Paths are sent with
 * node:http as written (`http.request({ path })` cleans nothing), as `curl --path-as-is` sends them.
 */

const TOKEN = 'admin-surface-token-0001';
const SCALE = Number(process.env.FUZZ_SCALE ?? 1);
const SEED = process.env.FUZZ_SEED === undefined ? 20_261_128 : Number(process.env.FUZZ_SEED);
const runs = (count: number) => Math.max(1, Math.round(count * SCALE));

interface Spelling {
  name: string;
  /** The path that reaches `/__sandbox<rest>` for some reader of it (a WHATWG URL parser, a file server, a proxy). */
  of(rest: string): string;
  /** Whether the server refuses it as spelled (400) rather than taking it as written. */
  refused: boolean;
}

const unslashed = (rest: string) => rest.slice(1);

/** Every spelling tried; `rest` is the route's path under `/__sandbox`, starting with `/`. */
const SPELLINGS: readonly Spelling[] = [
  { name: 'as written', of: (rest) => `/__sandbox${rest}`, refused: false },
  { name: 'a trailing slash', of: (rest) => `/__sandbox${rest}/`, refused: false },
  { name: 'the prefix in capitals', of: (rest) => `/__SANDBOX${rest}`, refused: false },
  { name: 'mixed case', of: (rest) => `/__SandBox${rest.toUpperCase()}`, refused: false },
  { name: '..', of: (rest) => `/__sandbox/inspector/..${rest}`, refused: true },
  { name: '.. after a page file', of: (rest) => `/__sandbox/inspector/app.js/../..${rest}`, refused: true },
  { name: '%2e%2e', of: (rest) => `/__sandbox/inspector/%2e%2e${rest}`, refused: true },
  { name: '%2E%2e', of: (rest) => `/__sandbox/inspector/%2E%2e${rest}`, refused: true },
  { name: '.%2E', of: (rest) => `/__sandbox/inspector/.%2E${rest}`, refused: true },
  { name: '..%2f', of: (rest) => `/__sandbox/inspector/..%2f${unslashed(rest)}`, refused: true },
  { name: '%2F for every slash', of: (rest) => `/__sandbox${rest.replaceAll('/', '%2F')}`, refused: true },
  { name: '..%5c', of: (rest) => `/__sandbox/inspector/..%5c${unslashed(rest)}`, refused: true },
  { name: '..\\', of: (rest) => `/__sandbox/inspector/..\\${unslashed(rest)}`, refused: true },
  { name: '\\ for every slash', of: (rest) => `/__sandbox/inspector\\..${rest.replaceAll('/', '\\')}`, refused: true },
  { name: '//', of: (rest) => `/__sandbox/${rest}`, refused: true },
  { name: '// in front', of: (rest) => `//__sandbox${rest}`, refused: true },
  { name: '/./', of: (rest) => `/__sandbox/.${rest}`, refused: true },
  { name: 'mixed case and ..', of: (rest) => `/__SANDBOX/Inspector/..${rest}`, refused: true },
  { name: 'from the API', of: (rest) => `/api/v1/../../__sandbox${rest}`, refused: true },
  { name: 'from the API, encoded', of: (rest) => `/api/v1/%2e%2e/%2E%2E/__sandbox${rest}`, refused: true },
  { name: 'from the reference page', of: (rest) => `/docs/../__sandbox${rest}`, refused: true },
  { name: 'behind a fragment', of: (rest) => `/__sandbox/inspector/app.js#/../..${rest}`, refused: true },
];

const METHODS = ['GET', 'HEAD', 'POST', 'DELETE', 'PUT', 'PATCH', 'OPTIONS'];

interface Sent {
  status: number;
  text: string;
  contentType: string | undefined;
}

let server: RunningServer;
/** Every admin route as `METHOD /rest`, its parameters filled with ids that exist. */
let routes: { method: string; rest: string }[];
/** What may change: balances and records, clock, journal, faults, sessions and snapshots. */
let fingerprint: () => Promise<string>;

/** One request with its path as written; an event stream is cut after its head. */
function send(method: string, path: string, options: { token?: boolean; body?: Uint8Array | string; contentType?: string } = {}): Promise<Sent> {
  const headers: Record<string, string> = {};
  if (options.token) headers['x-admin-token'] = TOKEN;
  if (options.contentType !== undefined) headers['content-type'] = options.contentType;
  if (options.body !== undefined) headers['content-length'] = String(Buffer.byteLength(options.body));
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port: server.port, method, path, headers, agent: false }, (response) => {
      const contentType = response.headers['content-type'];
      if (contentType?.startsWith('text/event-stream')) {
        response.destroy();
        return resolve({ status: response.statusCode!, text: '', contentType });
      }
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, text: Buffer.concat(chunks).toString('utf8'), contentType }));
      response.on('error', reject);
    });
    // The server may answer (413, 415) and close before it has read a large body.
    request.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? resolve({ status: 0, text: error.code, contentType: undefined }) : reject(error)));
    request.end(options.body);
  });
}

async function admin(method: string, rest: string, body?: unknown): Promise<{ status: number; data: unknown }> {
  const text = body === undefined ? undefined : JSON.stringify(body);
  const sent = await send(method, `/__sandbox${rest}`, { token: true, body: text, contentType: 'application/json' });
  return { status: sent.status, data: (JSON.parse(sent.text) as { data: unknown }).data };
}

/** The error envelope of the answer, or a failed expectation saying what came instead. */
function errorOf({ status, text }: Sent, what: string): { code: string; message: string } {
  const body = JSON.parse(text) as { success: boolean; error: { code: string; message: string } };
  expect(body.success, `${what}: ${status} ${text}`).toBe(false);
  return body.error;
}

beforeAll(async () => {
  server = await startServer({ port: 0, seed: 5, adminToken: TOKEN });
  const key = { 'x-api-key': 'sk_test_full_access' };
  await (await fetch(`${server.url}/getBalance`, { headers: key })).arrayBuffer();
  // A state away from the scenario's start, so that a reset or a restore that got through would show.
  expect((await admin('POST', '/topups', { apiKey: 'sk_test_full_access', amountThb: 1234 })).status).toBe(200);
  const fault = (await admin('POST', '/faults', { route: '/createOrder', effect: 'error', status: 503 })).data as { id: number };
  const snapshot = (await admin('POST', '/snapshots')).data as { id: string };
  const session = (await admin('POST', '/sessions', {})).data as { id: string };
  expect((await admin('POST', '/clock', { advanceMs: 60_000 })).status).toBe(200);

  // The routes as the admin API lists them in its 404, so that a route added later is fuzzed too.
  const listing = await send('GET', '/__sandbox/no-such-route', { token: true });
  const message = errorOf(listing, 'the route listing').message;
  const ids: Record<string, string> = { seq: '1', id: String(fault.id), snapshotId: snapshot.id, sessionId: session.id };
  routes = [...message.split('Admin routes: ')[1]!.matchAll(/(GET|POST|DELETE) \/__sandbox(\/[^,\s]*)/g)].map(([, method, rest]) => ({
    method: method!,
    rest: rest!.replace(/:(\w+)/g, (_, name: string) => ids[name]!),
  }));
  expect(routes.length).toBeGreaterThan(30);
  expect(routes).toContainEqual({ method: 'POST', rest: '/reset' });

  fingerprint = async () => {
    const sandboxes = [server.sandbox, ...server.host.sessions().map((one) => one.sandbox)];
    const states = await Promise.all(
      sandboxes.map(async (sandbox) => ({
        state: await sandbox.state(),
        now: sandbox.now(),
        clockMode: sandbox.clockMode,
        scenario: sandbox.scenario.name,
        history: sandbox.history().length,
        faults: (await sandbox.queuedFaults()).length,
      })),
    );
    const snapshots = (await admin('GET', '/snapshots')).data;
    return JSON.stringify({ sessions: server.host.sessions().map(({ id }) => id), snapshots, states });
  };
});

afterAll(() => server?.close());

describe('the admin surface, with an admin token set', () => {
  it('answers every route under every spelling without the token 400 or 401, never a success, and changes nothing', async () => {
    const before = await fingerprint();
    const tried = new Set<string>();
    for (const { method, rest } of routes) {
      for (const spelling of SPELLINGS) {
        const path = spelling.of(rest);
        const sent = await send(method, path, { body: '{}', contentType: 'application/json' });
        const error = errorOf(sent, `${method} ${path} (${spelling.name})`);
        if (spelling.refused) {
          expect([sent.status, error.code], `${method} ${path}`).toEqual([400, 'VALIDATION_ERROR']);
          expect(error.message).toMatch(/^the path .* is refused: it has .*; send \/\S* instead\.$/);
        } else {
          expect([sent.status, error.code], `${method} ${path}`).toEqual([401, 'UNAUTHORIZED']);
        }
        tried.add(spelling.name);
      }
    }
    expect(tried.size).toBe(SPELLINGS.length);
    expect(await fingerprint()).toBe(before);
  });

  it('refuses every misspelt path with the token too: no spelling reaches a route', async () => {
    const before = await fingerprint();
    for (const { method, rest } of routes) {
      for (const spelling of SPELLINGS.filter(({ refused }) => refused)) {
        const sent = await send(method, spelling.of(rest), { token: true, body: '{}', contentType: 'application/json' });
        expect(sent.status, `${method} ${spelling.of(rest)}`).toBe(400);
      }
    }
    expect(await fingerprint()).toBe(before);
  });

  it('answers generated requests (route x method x spelling x body, with and without the token) without a 5xx, and a refused one changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 4, arbitrary: fc.constantFrom(...METHODS) }),
        fc.constantFrom(...SPELLINGS),
        fc.boolean(),
        badBody,
        fc.constantFrom('application/json', 'application/json', 'application/json', 'text/plain', undefined),
        async (route, method = route.method, spelling, token, body, contentType) => {
          const path = spelling.of(route.rest);
          const before = await fingerprint();
          const sent = await send(method, path, { token, body, contentType });
          const what = `${method} ${path}${token ? ' with the token' : ''}: ${sent.status} ${sent.text.slice(0, 300)}`;
          // 0: the connection was reset while a body past the limit was still being sent, after its 413.
          expect(sent.status === 0 || (sent.status >= 200 && sent.status < 500), what).toBe(true);
          if (spelling.refused) expect(sent.status, what).toBe(400);
          else if (!token) expect(sent.status, what).toBe(401);
          else if (!['GET', 'HEAD', 'OPTIONS'].includes(method)) expect(sent.status >= 400 || sent.status === 0, what).toBe(true);
          if (sent.status !== 0 && sent.status !== 204 && method !== 'HEAD' && !sent.contentType?.startsWith('text/event-stream')) {
            expect(sent.contentType, what).toBe('application/json; charset=utf-8');
          }
          if (sent.status === 0 || sent.status >= 400 || ['GET', 'HEAD', 'OPTIONS'].includes(method)) expect(await fingerprint(), what).toBe(before);
        },
      ),
      { numRuns: runs(300), seed: SEED },
    );
  }, 120_000);
});

/** Bodies no admin route takes: bytes that are no JSON, documents too deep, too large, of the wrong shape or types. */
const WRONG_VALUES = [true, false, null, [], [1], { x: 1 }, -1.5, '', 'not-a-thing', '1e400'];
const FIELDS = ['apiKey', 'accountId', 'amountThb', 'paymentMethod', 'advanceMs', 'now', 'mode', 'name', 'scenario', 'seed', 'route', 'effect', 'status'];

/** Whether a body reads as no input (none, white space, `{}`), which a route without input takes. */
function readsAsNoInput(body: Uint8Array | string | undefined): boolean {
  if (body === undefined) return true;
  const text = Buffer.from(body).toString('utf8').trim();
  if (text === '') return true;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0;
  } catch {
    return false;
  }
}

const OVER_THE_LIMIT = `{"x":"${'a'.repeat(8 * 1024 * 1024)}"}`;

const badBody: fc.Arbitrary<Uint8Array | string | undefined> = fc
  .oneof(
    { weight: 4, arbitrary: fc.uint8Array({ minLength: 1, maxLength: 300 }) },
    { weight: 2, arbitrary: fc.constantFrom('\u0000\u00ff{{{', '{', '[', '{"a":', 'null', '"text"', '[]', '0', 'true', '\ufeff{}', '{}{}', '{"__proto__":{"polluted":1}}') },
    { weight: 2, arbitrary: fc.integer({ min: 65, max: 100_000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`) },
    { weight: 1, arbitrary: fc.integer({ min: 65, max: 20_000 }).map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`) },
    { weight: 4, arbitrary: fc.dictionary(fc.constantFrom(...FIELDS), fc.constantFrom(...WRONG_VALUES), { minKeys: 1, maxKeys: 4 }).map((value) => JSON.stringify(value)) },
    { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 3 }).map((mib) => JSON.stringify({ padding: 'x'.repeat(mib * 1024 * 1024) })) },
    { weight: 1, arbitrary: fc.constant(OVER_THE_LIMIT) },
  )
  .filter((body) => !readsAsNoInput(body));
