import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from 'esim-wholesale-sandbox';
import { startServer, type RunningServer } from 'esim-wholesale-sandbox/server';
import { fuzzRequest, toRequest, type FuzzRequest } from './arbitraries.js';

/** Object.prototype as it was before any request: its property names and what each one holds. */
function prototypeSnapshot(): Map<string, unknown> {
  return new Map(
    Reflect.ownKeys(Object.prototype).map((key) => {
      const descriptor = Object.getOwnPropertyDescriptor(Object.prototype, key)!;
      return [String(key), descriptor.value ?? descriptor.get];
    }),
  );
}

const PROTOTYPE = prototypeSnapshot();

/** `FUZZ_SCALE=10 FUZZ_SEED=<n> npx vitest run test/fuzz` runs ten times as many requests from another seed. */
const SCALE = Number(process.env.FUZZ_SCALE ?? 1);
const SEED = process.env.FUZZ_SEED === undefined ? 20_261_122 : Number(process.env.FUZZ_SEED);
const runs = (count: number) => Math.max(1, Math.round(count * SCALE));

function expectNoPrototypePollution(): void {
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(({} as Record<string, unknown>).productId).toBeUndefined();
  expect(prototypeSnapshot()).toEqual(PROTOTYPE);
  for (const [key, value] of PROTOTYPE) {
    const descriptor = Object.getOwnPropertyDescriptor(Object.prototype, key)!;
    expect(descriptor.value ?? descriptor.get).toBe(value);
  }
}

/** Every answer of the API is the envelope: `{success: true, data}` or `{success: false, error: {code, message}}`, nothing else. */
function expectEnvelope(status: number, text: string): void {
  const body = JSON.parse(text) as Record<string, unknown>;
  expect(typeof body.success).toBe('boolean');
  if (body.success) {
    expect(Object.keys(body).sort()).toEqual(['data', 'success']);
    expect(status).toBeGreaterThanOrEqual(200);
    expect(status).toBeLessThan(300);
  } else {
    expect(Object.keys(body).sort()).toEqual(['error', 'success']);
    const error = body.error as Record<string, unknown>;
    expect(Object.keys(error).sort()).toEqual(['code', 'message']);
    expect(typeof error.code).toBe('string');
    expect(typeof error.message).toBe('string');
    expect(status).toBeGreaterThanOrEqual(400);
  }
}

/** `GET <base>/openapi.json` answers the OpenAPI document, the one answer that is not an envelope. */
function isOpenApiDocument(request: Request, status: number): boolean {
  return status === 200 && new URL(request.url).pathname.endsWith('/openapi.json');
}

/** One generated request against `send`: no 5xx, the envelope, and no trace of a refused request in the state. */
async function checkRequest(sandbox: Sandbox, send: (request: Request) => Promise<Response>, origin: string, generated: FuzzRequest) {
  const request = toRequest(origin, generated);
  fc.pre(request !== undefined);
  const before = await sandbox.state();
  const response = await send(request!);
  const text = await response.text();
  expect(response.status, `${generated.method} ${generated.path}: ${text}`).toBeLessThan(500);
  // HEAD and the 204 of OPTIONS have no body; the document is no envelope.
  if (request!.method === 'HEAD' || response.status === 204) expect(text).toBe('');
  else if (!isOpenApiDocument(request!, response.status)) expectEnvelope(response.status, text);
  if (response.status >= 300) expect(await sandbox.state()).toEqual(before);
  expectNoPrototypePollution();
}

describe('fuzzed requests', () => {
  it('in-process: thousands of generated requests never get a 5xx, always get the envelope, and a refused one changes nothing', async () => {
    const sandbox = createSandbox({ seed: 11 });
    await fc.assert(
      fc.asyncProperty(fuzzRequest, (generated) => checkRequest(sandbox, (request) => sandbox.fetch(request), 'http://sandbox.test', generated)),
      { numRuns: runs(3000), seed: SEED },
    );
  }, 600_000);

  describe('over HTTP', () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await startServer({ port: 0, seed: 11 });
    });
    afterAll(() => server.close());

    it('answers generated requests the same way over a real socket', async () => {
      await fc.assert(
        fc.asyncProperty(fuzzRequest, (generated) => checkRequest(server.sandbox, (request) => fetch(request), server.origin, generated)),
        { numRuns: runs(300), seed: SEED + 1 },
      );
    }, 600_000);

    it('answers generated admin requests without a 5xx, and a refused one changes nothing', async () => {
      const adminRequest = fuzzRequest.chain((generated) =>
        fc.constantFrom('/__sandbox/topups', '/__sandbox/clock', '/__sandbox/scenario', '/__sandbox/sessions', '/__sandbox/health', '/__sandbox/nope').map((path) => ({
          ...generated,
          method: generated.method === 'GET' ? 'POST' : generated.method,
          path,
          body: generated.method === 'GET' || generated.method === 'HEAD' ? '{}' : generated.body,
        })),
      );
      await fc.assert(
        fc.asyncProperty(adminRequest, (generated) => checkRequest(server.sandbox, (request) => fetch(request), server.origin, generated)),
        { numRuns: runs(200), seed: SEED + 2 },
      );
    }, 600_000);
  });

  it('shows deep or huge values in messages by their start only, without walking them whole', async () => {
    const sandbox = createSandbox();
    const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    const response = await sandbox.fetch(
      new Request('http://sandbox.test/api/v1/createOrder', {
        method: 'POST',
        headers: { 'x-api-key': 'sk_test_full_access', 'content-type': 'application/json' },
        body: `{"productId":${deep},"quantity":1}`,
      }),
    );
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { message: string } };
    expect(error.message).toBe('productId must be a product id (UUID) from /getProducts (got an array: [[[[[[[[[…]]]]]]]]])');
  });
});
