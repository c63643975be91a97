import { afterEach, describe, expect, it, vi } from 'vitest';
import { contractProblems, type Answer } from '../support/openapi-contract.js';
import { startTarget } from '../support/modes.js';

const balance = { accountId: '8d4b3cde-a72c-4320-bde3-f1a196918388', totalTopupsThb: 10, totalPurchasesThb: 4, balanceThb: 6 };
const answer = (overrides: Partial<Answer>): Answer => ({
  method: 'GET',
  path: '/getBalance',
  status: 200,
  contentType: 'application/json; charset=utf-8',
  body: { success: true, data: balance },
  ...overrides,
});
const error = (code: string) => ({ success: false, error: { code, message: 'm' } });

describe('the response check against the OpenAPI document', () => {
  it('accepts a conforming success and a conforming error', () => {
    expect(contractProblems(answer({}))).toEqual([]);
    expect(contractProblems(answer({ status: 403, body: error('FORBIDDEN_SCOPE') }))).toEqual([]);
    expect(contractProblems(answer({ status: 503, body: error('SERVICE_UNAVAILABLE') }))).toEqual([]);
  });

  it('refuses a wrong type, a missing required field, a bad format and a field the spec does not list', () => {
    const problems = (data: unknown) => contractProblems(answer({ body: { success: true, data } }));
    expect(problems({ ...balance, balanceThb: '6' })).toEqual([expect.stringMatching(/body\/data\/balanceThb must be number/)]);
    expect(problems({ ...balance, accountId: undefined })).toEqual([expect.stringMatching(/must have required property 'accountId'/)]);
    expect(problems({ ...balance, accountId: 'acc-1' })).toEqual([expect.stringMatching(/must match format "uuid"/)]);
    expect(problems({ ...balance, currency: 'THB' })).toEqual([expect.stringMatching(/must NOT have additional properties/)]);
  });

  it('honours nullable: null where the document allows it, and only there', () => {
    const item = { id: '5b0e1d3c-7a2f-4e8b-9c1d-2f3a4b5c6d7e', sequenceNo: 1, status: 'pending', iccid: null, qrBase64Url: null };
    const order = {
      id: '5b0e1d3c-7a2f-4e8b-9c1d-2f3a4b5c6d7e', status: 'processing', orderSource: 'api', quantity: 1, unitPriceThb: 1,
      totalPriceThb: 1, createdAt: '2026-01-08T01:47:26.000Z', product: { name: 'n', sku: 's' }, items: [item],
    };
    const read = (data: unknown) => contractProblems(answer({ path: '/getOrderStatus?purchaseOrderId=x', body: { success: true, data } }));
    expect(read(order)).toEqual([]);
    expect(read({ ...order, createdAt: null })).toEqual([expect.stringMatching(/createdAt must be string/)]);
  });

  it('refuses a status the operation does not document when no default covers it, and a success shaped as an error', () => {
    expect(contractProblems(answer({ status: 201 }))).toContainEqual(expect.stringMatching(/201: body must have required property 'error'/));
    expect(contractProblems(answer({ status: 200, body: error('X') }))).not.toEqual([]);
    expect(contractProblems(answer({ path: '/nowhere', status: 200 }))).toEqual([expect.stringMatching(/operation the document does not have/)]);
    expect(contractProblems(answer({ path: '/nowhere', status: 404, body: error('NOT_FOUND') }))).toEqual([]);
  });

  it('refuses an answer that is not application/json', () => {
    expect(contractProblems(answer({ contentType: 'text/html' }))).toEqual([expect.stringMatching(/content-type text\/html/)]);
  });
});

describe('Target.call checks every answer against the document', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('rejects, failing the test, when an answer does not conform; the caller can still read a conforming body', async () => {
    const { target, stop } = await startTarget('http');
    try {
      const ok = await target.call('/getBalance');
      expect((await ok.json()).success).toBe(true);
      vi.stubGlobal('fetch', async () => Response.json({ success: true, data: { ...balance, extra: 1 } }));
      await expect(target.call('/getBalance')).rejects.toThrow(/does not conform to the OpenAPI document[\s\S]*additional properties/);
    } finally {
      vi.unstubAllGlobals();
      await stop();
    }
  });
});
