import { afterEach, expect, it } from 'vitest';
import { describeBothModes, type Target } from '../support/modes.js';
import { expectError, expectFirst, expectSuccess } from '../support/expectations.js';

async function useSwitches(target: Target, behavior: { unknownQueryParameter?: 'reject' | 'ignore'; unknownBodyField?: 'reject' | 'ignore' }) {
  await target.sandbox.useScenario({ name: 'unknown-fields', description: 'switches for unknown fields', extends: 'default', behavior });
}

describeBothModes('switches unknownQueryParameter and unknownBodyField', (target) => {
  afterEach(() => target().sandbox.useScenario('default'));

  it('by default an unknown query parameter and an unknown body field are refused with 400 naming them', async () => {
    await expectError(await target().call('/getOrders?limit=1&page=2'), 400, 'VALIDATION_ERROR', 'unknown query parameter "page" (allowed: limit, includeQrImages)');
    const product = await expectFirst(await target().call('/getProducts?limit=1'));
    const refused = await target().call('/createOrder', { json: { productId: product.id, quantity: 1, note: 'gift' } });
    await expectError(refused, 400, 'VALIDATION_ERROR', /^unknown field "note"/);
    expect(target().sandbox.journal().some((entry) => entry.hints)).toBe(false);
  });

  it('unknownQueryParameter "ignore" answers the route as if the parameter were not sent, and journals a hint naming it', async () => {
    await useSwitches(target(), { unknownQueryParameter: 'ignore' });
    const answer = await target().call('/getOrders?limit=1&page=2&sort=asc');
    expect(answer.headers.get('x-sandbox-hint')).toContain('unknown-query-parameter: query parameters "page", "sort" are not taken by this route and ignored');
    expect(await expectSuccess(answer)).toEqual(await expectSuccess(await target().call('/getOrders?limit=1')));
    await expectSuccess(await target().call('/getBalance?verbose=1'));
    expect(target().sandbox.journal().at(-1)!.hints?.map((hint) => hint.code)).toEqual(['unknown-query-parameter']);
    // The rules of the parameters the route does take still hold.
    await expectError(await target().call('/getOrders?limit=0&page=2'), 400, 'VALIDATION_ERROR', /^limit must be/);
  });

  it('unknownBodyField "ignore" places the order as if the field were not sent, and journals a hint naming it', async () => {
    await useSwitches(target(), { unknownBodyField: 'ignore' });
    const product = await expectFirst(await target().call('/getProducts?limit=1'));
    const json = { productId: product.id, quantity: 1, idempotencyKey: 'ignored-field-1', note: 'gift', currency: 'THB' };
    const answer = await target().call('/createOrder', { json });
    expect(answer.headers.get('x-sandbox-hint')).toContain('unknown-body-field: body fields "note", "currency" are not taken by createOrder and ignored');
    expect((await expectSuccess(answer)).reused).toBe(false);
    await expectError(await target().call('/getOrders?page=1'), 400, 'VALIDATION_ERROR', /unknown query parameter "page"/);
  });

  it('a client sending thousands of unknown parameters under "ignore" gets a hint naming five of them', async () => {
    await useSwitches(target(), { unknownQueryParameter: 'ignore' });
    const query = Array.from({ length: 300 }, (_, index) => `p${index}=1`).join('&');
    await expectSuccess(await target().call(`/getBalance?${query}`));
    expect(target().sandbox.journal().at(-1)!.hints![0]!.message).toMatch(/^query parameters "p0", "p1", "p2", "p3", "p4" and 295 more are not taken/);
  });
});
