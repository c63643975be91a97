import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import type { components, paths } from 'esim-wholesale-sandbox';
import { startServer, type RunningServer } from 'esim-wholesale-sandbox/server';
import { contractProblems } from '../support/openapi-contract.js';

type Schemas = components['schemas'];

// The expectTypeOf assertions below are checked with the rest of the suite's types by test/unit/typecheck.test.ts.

describe('a typed client (openapi-fetch on the exported types) against the running sandbox', () => {
  let server: RunningServer;
  let client: ReturnType<typeof createClient<paths>>;

  beforeAll(async () => {
    server = await startServer({ port: 0, scenario: 'default', seed: 1 });
    client = createClient<paths>({ baseUrl: server.url, headers: { 'x-api-key': 'sk_test_full_access' } });
    // Every answer the client gets is also checked against the document.
    client.use({
      async onResponse({ request, response }) {
        const url = new URL(request.url);
        const body = await response.clone().json();
        const problems = contractProblems({
          method: request.method,
          path: url.pathname.slice(new URL(server.url).pathname.length) + url.search,
          status: response.status,
          contentType: response.headers.get('content-type'),
          body,
        });
        expect(problems).toEqual([]);
      },
    });
  });
  afterAll(() => server?.close());

  it('getBalance', async () => {
    const { data, response } = await client.GET('/getBalance');
    expect(response.status).toBe(200);
    expectTypeOf(data!.data).toEqualTypeOf<Schemas['Balance']>();
    expect(data!.data.balanceThb).toBe(data!.data.totalTopupsThb - data!.data.totalPurchasesThb);
  });

  it('getProducts, getPaymentHistory', async () => {
    const products = await client.GET('/getProducts', { params: { query: { limit: 2 } } });
    expect(products.data!.data).toHaveLength(2);
    expectTypeOf(products.data!.data[0]!.currentUnitPriceThb).toBeNumber();
    const payments = await client.GET('/getPaymentHistory', { params: { query: { limit: 1 } } });
    expect(payments.data!.data[0]!.status).toBe('success');
  });

  it('createOrder, getOrderStatus, getOrders', async () => {
    const productId = (await client.GET('/getProducts', { params: { query: { limit: 1 } } })).data!.data[0]!.id;
    const created = await client.POST('/createOrder', { body: { productId, quantity: 2, idempotencyKey: 'typed-client-0001' } });
    expect(created.response.status).toBe(200);
    const { purchaseOrderId, items } = created.data!.data;
    expectTypeOf(items).toEqualTypeOf<Schemas['CreateOrderEsimItem'][] | undefined>();
    expect(items).toHaveLength(2);

    const status = await client.GET('/getOrderStatus', { params: { query: { purchaseOrderId, includeQrImages: 'true' } } });
    expect(status.data!.data.id).toBe(purchaseOrderId);
    expect(status.data!.data.items[0]!.qrBase64Url).toMatch(/^data:image\/png;base64,/);

    const orders = await client.GET('/getOrders', { params: { query: { limit: 1 } } });
    expect(orders.data!.data[0]!.id).toBe(purchaseOrderId);
  });

  it('errors come typed as the error envelope', async () => {
    const refused = await client.POST('/createOrder', {
      body: { productId: '5b0e1d3c-7a2f-4e8b-9c1d-2f3a4b5c6d7e', quantity: 1 },
      headers: { 'x-api-key': 'sk_test_read_only' },
    });
    expect(refused.response.status).toBe(403);
    expectTypeOf(refused.error!).toEqualTypeOf<Schemas['ErrorEnvelope']>();
    expect(refused.error!.error).toEqual({ code: 'FORBIDDEN_SCOPE', message: 'Missing required scope: orders:write' });

    const missing = await client.GET('/getOrderStatus', { params: { query: { purchaseOrderId: '5b0e1d3c-7a2f-4e8b-9c1d-2f3a4b5c6d7e' } } });
    expect(missing.error!.error.code).toBe('ORDER_NOT_FOUND');
  });
});
