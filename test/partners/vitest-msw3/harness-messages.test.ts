import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, vi } from 'vitest';
import { createSandboxTest } from 'esim-wholesale-sandbox/vitest';

// What the harness says when a test fails: the messages a partner reads, from the package as installed.
const test = createSandboxTest({ scenario: 'default', seed: 7 });
const baseUrl = 'https://api.partner.test/api/v1';
const headers = { 'x-api-key': 'sk_test_full_access', 'content-type': 'application/json' };

// A client module that keeps the fetch of the moment it is imported: the file's imports run before msw starts.
const fetchTakenEarly = globalThis.fetch;

function failureOf(assertion: () => void): Error {
  try {
    assertion();
  } catch (error) {
    return error as Error;
  }
  throw new Error('the assertion passed');
}

test('a body mismatch lists the bodies received, with what differs', async ({ sandbox }) => {
  const body = { productId: 'efd8480e-2903-458b-8ce3-156f0418df70', quantity: 2, idempotencyKey: 'partner-order-0101' };
  await fetch(`${baseUrl}/createOrder`, { method: 'POST', headers, body: JSON.stringify(body) });
  const { message } = failureOf(() => expect(sandbox).toHaveReceived('createOrder', { body: { quantity: 3 } }));
  expect(message).toContain('The createOrder bodies received (what differs from {"quantity":3}):');
  // Each request by its journal number, as readiness and the inspector name it.
  const [order] = sandbox.journal();
  expect(message).toContain(`#${order!.seq}  ${JSON.stringify(body)}`);
  expect(message).toContain(`\n#${order!.seq}       POST    /api/v1/createOrder  200`);
  expect(message).toContain('    quantity: expected 3, got 2');
});

test("an unhandled request's message names the sandbox's base URL and how to change it", async () => {
  const printed = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  await fetch('https://api.elsewhere.test/v1/ping').catch(() => undefined);
  const message = printed.mock.calls.map((args) => args.join(' ')).find((text) => text.startsWith('[esim-wholesale-sandbox]'));
  printed.mockRestore();
  expect(message).toContain(`The sandbox of this test answers ${baseUrl}/* only.`);
  expect(message).toContain('createSandboxTest({ baseUrl:');
});

test("a failing matcher's stack frame points at a file the installed package has", async ({ sandbox }) => {
  // @ts-expect-error -- not a route of the API
  const error = failureOf(() => expect(sandbox).toHaveReceived('placeOrder'));
  const frame = error.stack!.split('\n').find((line) => line.includes('node_modules/esim-wholesale-sandbox/'))!;
  const location = /(?:\(|at )((?:file:\/\/)?\/[^()]+?):\d+:\d+\)?$/.exec(frame.trim())![1]!;
  const file = location.startsWith('file:') ? fileURLToPath(location) : location;
  expect(existsSync(file), file).toBe(true);
  // The frame a test runner shows is the one the source map names: that file is in the package too.
  if (file.endsWith('.js')) {
    const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { sources: string[]; sourceRoot?: string };
    for (const source of map.sources) {
      const named = path.resolve(path.dirname(file), map.sourceRoot ?? '', source);
      expect(existsSync(named), named).toBe(true);
    }
  }
});

test('a request sent with a fetch taken before msw started is told why it missed the sandbox', async () => {
  const printed = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const failure = await fetchTakenEarly(`${baseUrl}/getBalance`, { headers }).then(() => 'answered', (error: Error) => String((error.cause as { code?: string } | undefined)?.code));
  const message = printed.mock.calls.map((args) => args.join(' ')).find((text) => text.startsWith('[esim-wholesale-sandbox]'));
  printed.mockRestore();
  expect(failure).toMatch(/^(ENOTFOUND|EAI_AGAIN)$/);
  expect(message).toContain(`GET ${baseUrl}/getBalance went to the network`);
  expect(message).toContain('calls a fetch it took before msw started');
}, 30_000);
