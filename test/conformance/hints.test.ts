import { beforeEach, expect, it } from 'vitest';
import { describeBothModes, type Target } from '../support/modes.js';
import { expectError, expectFirst, expectSuccess } from '../support/expectations.js';

async function orderWithHeader(target: Target, idempotencyKey: string, extra: Record<string, unknown> = {}) {
  const product = await expectFirst(await target.call('/getProducts?limit=1'));
  return target.call('/createOrder', { json: { productId: product.id, quantity: 1, ...extra }, headers: { 'Idempotency-Key': idempotencyKey } });
}

describeBothModes('hints: mistakes the real service lets pass are journaled and answered in x-sandbox-hint', (target) => {
  beforeEach(() => target().sandbox.reset());

  it('an Idempotency-Key header sent twice places two orders, as the real service would; each is hinted', async () => {
    const first = await orderWithHeader(target(), 'header-key-0001');
    expect(first.headers.get('x-sandbox-hint')).toBe(
      'idempotency-key-header: an Idempotency-Key header was sent: the key goes in the body field idempotencyKey; this header is not read, so a retry places a second order',
    );
    const second = await orderWithHeader(target(), 'header-key-0001');
    const [a, b] = [await expectSuccess(first), await expectSuccess(second)];
    expect([a.reused, b.reused]).toEqual([false, false]);
    expect(a.purchaseOrderId).not.toBe(b.purchaseOrderId);
    const orders = target().sandbox.journal().filter((entry) => entry.route === 'createOrder');
    expect(orders.map((entry) => entry.hints?.map((hint) => hint.code))).toEqual([['idempotency-key-header'], ['idempotency-key-header']]);
  });

  it('the readiness report\'s idempotency check names the header in its summary and evidence', async () => {
    await expectSuccess(await orderWithHeader(target(), 'header-key-0002'));
    const check = target().sandbox.readiness().checks.find((result) => result.id === 'idempotency-key-sent')!;
    expect(check.status).toBe('fail');
    expect(check.summary).toContain('sent an Idempotency-Key header instead, which the service does not read: the key goes in the body field idempotencyKey');
    expect(check.evidence[0]!.note).toBe('no idempotencyKey in the body; an Idempotency-Key header was sent, which the service does not read');
  });

  it('no hint when the body carries idempotencyKey beside the header, nor on an ordinary request', async () => {
    const answer = await orderWithHeader(target(), 'header-key-0003', { idempotencyKey: 'body-key-0003' });
    expect(answer.headers.get('x-sandbox-hint')).toBeNull();
    await expectSuccess(answer);
    expect((await target().call('/getBalance')).headers.get('x-sandbox-hint')).toBeNull();
    expect(target().sandbox.journal().some((entry) => entry.hints !== undefined)).toBe(false);
  });

  it('Authorization: Bearer instead of x-api-key is answered 401 as ever, with the hint', async () => {
    const answer = await target().call('/getBalance', { key: null, headers: { Authorization: 'Bearer sk_test_full_access' } });
    expect(answer.headers.get('x-sandbox-hint')).toMatch(/^authorization-bearer: Authorization: Bearer was sent instead of x-api-key: the key goes in the x-api-key header/);
    await expectError(answer, 401, 'UNAUTHORIZED');
    expect(target().sandbox.journal().at(-1)!.hints).toEqual([{ code: 'authorization-bearer', message: expect.stringContaining('x-api-key') }]);
  });

  it('the key in the query string instead of x-api-key is hinted', async () => {
    await target().call('/getBalance?api_key=sk_test_full_access', { key: null });
    expect(target().sandbox.journal().at(-1)!.hints?.map((hint) => hint.code)).toEqual(['api-key-in-query']);
  });
});

describeBothModes('hints with hintHeader: false (serve --no-hints)', (target) => {
  it('answers carry no x-sandbox-hint; the journal still notes the hint', async () => {
    const answer = await orderWithHeader(target(), 'header-key-0004');
    expect(answer.headers.get('x-sandbox-hint')).toBeNull();
    await expectSuccess(answer);
    expect(target().sandbox.journal().at(-1)!.hints?.map((hint) => hint.code)).toEqual(['idempotency-key-header']);
  });
}, { hintHeader: false });

describeBothModes('hints name what a client sent, in a header that stays printable ASCII', (target) => {
  it('an unknown parameter named in other scripts is shown with ? in x-sandbox-hint, as sent in the journal', async () => {
    await target().sandbox.useScenario({ name: 'lenient', description: 'ignores unknown parameters', extends: 'default', behavior: { unknownQueryParameter: 'ignore' } });
    const answer = await target().call(`/getBalance?${encodeURIComponent('süß')}=1`);
    expect(answer.headers.get('x-sandbox-hint')).toMatch(/^unknown-query-parameter: query parameter "s\?\?" is not taken/);
    await expectSuccess(answer);
    expect(target().sandbox.journal().at(-1)!.hints![0]!.message).toContain('"süß"');
  });
});
