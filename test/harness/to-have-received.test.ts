import { beforeEach, describe, expect, it } from 'vitest';
import { createSandbox } from 'esim-wholesale-sandbox';
import 'esim-wholesale-sandbox/vitest';

const sandbox = createSandbox({ scenario: 'default', seed: 7 });
const call = (path: string, init: RequestInit = {}, key = 'sk_test_full_access') =>
  sandbox.fetch(new Request(`http://sandbox.test/api/v1${path}`, { ...init, headers: { 'x-api-key': key, 'content-type': 'application/json' } }));
const order = (body: Record<string, unknown>, key?: string) => call('/createOrder', { method: 'POST', body: JSON.stringify(body) }, key);
const productId = 'efd8480e-2903-458b-8ce3-156f0418df70';
/** The journal number of the run's `index`-th request (from 0): the numbers go on across resets. */
const seqAt = (index: number) => sandbox.journal()[index]!.seq;

function failureOf(assertion: () => void): string {
  try {
    assertion();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the assertion passed');
}

describe('expect(sandbox).toHaveReceived(route, criteria)', () => {
  beforeEach(async () => {
    await sandbox.reset();
    await call('/getBalance');
    await order({ productId, quantity: 2, idempotencyKey: 'matcher-order-0001' });
    await order({ productId, quantity: 1, idempotencyKey: 'matcher-order-0002' }, 'sk_test_read_only');
  });

  it('passes when the route was called, and counts the calls with times', () => {
    expect(sandbox).toHaveReceived('getBalance');
    expect(sandbox).toHaveReceived('createOrder', { times: 2 });
    expect(sandbox).not.toHaveReceived('getOrders');
    expect(sandbox).toHaveReceived('getOrders', { times: 0 });
  });

  it('matches the status and the error code of the answer', () => {
    expect(sandbox).toHaveReceived('createOrder', { status: 200, times: 1 });
    expect(sandbox).toHaveReceived('createOrder', { status: 403, errorCode: 'FORBIDDEN_SCOPE' });
    expect(sandbox).not.toHaveReceived('createOrder', { errorCode: 'INVENTORY_EMPTY' });
    expect(sandbox).toHaveReceived('createOrder', { errorCode: expect.stringMatching(/^FORBIDDEN/) });
  });

  it('matches a part of the JSON request body, with asymmetric matchers where wanted', () => {
    expect(sandbox).toHaveReceived('createOrder', { body: { quantity: 2 }, status: 200, times: 1 });
    expect(sandbox).toHaveReceived('createOrder', { body: { productId, idempotencyKey: expect.stringMatching(/^matcher-order-/) }, times: 2 });
    expect(sandbox).not.toHaveReceived('createOrder', { body: { quantity: 3 } });
    expect(failureOf(() => expect(sandbox).toHaveReceived('createOrder', { body: { quantity: 3 } }))).toMatch(
      /^expected the sandbox to have received createOrder with a body matching \{"quantity":3\}, and it received 0 times\./,
    );
  });

  it('lists the bodies received, with what differs from the expected subset, when a body does not match', () => {
    const message = failureOf(() => expect(sandbox).toHaveReceived('createOrder', { body: { quantity: 3, idempotencyKey: expect.stringMatching(/^matcher-/), region: 'EU' } }));
    expect(message).toContain(
      [
        'The createOrder bodies received (what differs from {"quantity":3,"idempotencyKey":"StringMatching /^matcher-/","region":"EU"}):',
        `#${seqAt(1)}  {"productId":"${productId}","quantity":2,"idempotencyKey":"matcher-order-0001"}`,
        '    quantity: expected 3, got 2',
        '    region: missing (expected "EU")',
        `#${seqAt(2)}  {"productId":"${productId}","quantity":1,"idempotencyKey":"matcher-order-0002"}`,
        '    quantity: expected 3, got 1',
        '    region: missing (expected "EU")',
      ].join('\n'),
    );
    expect(message).toContain('The requests the sandbox received:');
    const none = failureOf(() => expect(sandbox).toHaveReceived('getOrders', { body: { limit: 1 } }));
    expect(none).toContain('The sandbox received no getOrders request, so no body to compare.');
  });

  it('notes the body even when the request is refused before it is read', async () => {
    await order({ productId, quantity: 5, idempotencyKey: 'matcher-order-0003' }, 'sk_test_revoked');
    expect(sandbox).toHaveReceived('createOrder', { status: 401, body: { quantity: 5 } });
  });

  it('fails with what was expected, what was received, and the requests as a table', () => {
    const message = failureOf(() => expect(sandbox).toHaveReceived('createOrder', { times: 3, status: 200 }));
    expect(message).toBe(
      [
        'expected the sandbox to have received createOrder with status 200 3 times, and it received 1 time.',
        '',
        'The requests the sandbox received:',
        'request  method  path                 status  error',
        `${`#${seqAt(0)}`.padEnd(9)}GET     /api/v1/getBalance   200`,
        `${`#${seqAt(1)}`.padEnd(9)}POST    /api/v1/createOrder  200`,
        `${`#${seqAt(2)}`.padEnd(9)}POST    /api/v1/createOrder  403     FORBIDDEN_SCOPE`,
      ].join('\n'),
    );
    expect(failureOf(() => expect(sandbox).not.toHaveReceived('getBalance'))).toMatch(/^expected the sandbox not to have received getBalance, and it received 1 time\./);
  });

  it('takes a route by its path as well as by its name, and numbers requests as the journal and readiness do', async () => {
    expect(sandbox).toHaveReceived('/createOrder', { times: 2 });
    expect(sandbox).toHaveReceived('/getBalance', { status: 200 });
    expect(failureOf(() => expect(sandbox).toHaveReceived('/getOrders'))).toMatch(/^expected the sandbox to have received getOrders, and it received 0 times\./);
    // The numbers are the journal's, which go on across resets: the run's first request is not #1 here.
    const first = sandbox.journal()[0]!;
    expect(first.seq).toBeGreaterThan(1);
    expect(failureOf(() => expect(sandbox).toHaveReceived('getOrders'))).toContain(`\n#${first.seq}      GET     /api/v1/getBalance   200`);
  });

  it('says which routes exist when given another name, and what to pass when given no sandbox', () => {
    // @ts-expect-error -- not a route of the API
    expect(() => expect(sandbox).toHaveReceived('placeOrder')).toThrow(
      `toHaveReceived takes a route name, one of getBalance, getProducts, getPaymentHistory, createOrder, getOrderStatus, getOrders (or its path, '/createOrder') (got "placeOrder")`,
    );
    expect(() => expect({}).toHaveReceived('getBalance')).toThrow(/is a matcher of a sandbox: expect\(sandbox\)\.toHaveReceived\(route\)/);
    // @ts-expect-error -- not a criterion
    expect(() => expect(sandbox).toHaveReceived('getBalance', { count: 1 })).toThrow("toHaveReceived's criteria take times, status, errorCode and body (got count)");
  });

  it('shows the last 20 requests of a longer journal', async () => {
    for (let i = 0; i < 25; i += 1) await call('/getProducts?limit=1');
    const message = failureOf(() => expect(sandbox).toHaveReceived('getOrders'));
    expect(message).toContain('The last 20 of 28 requests the sandbox received:');
    expect(message.split('\n').at(-1)).toBe(`${`#${seqAt(27)}`.padEnd(9)}GET     /api/v1/getProducts?limit=1  200`);
  });
});
