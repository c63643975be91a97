import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from 'esim-wholesale-sandbox/server';
import { sendRaw as send } from '../support/raw-http.js';

const FULL_ACCESS = 'sk_test_full_access';

describe('HEAD, OPTIONS and undecodable paths over HTTP', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ port: 0 });
  });
  afterAll(() => server.close());

  it('answers HEAD on the admin GET routes and the document with the GET\'s status and headers, without a body', async () => {
    for (const path of ['/__sandbox/health', '/__sandbox/state', '/__sandbox/sessions', '/api/v1/openapi.json']) {
      const get = await send(server.port, { path });
      const head = await send(server.port, { method: 'HEAD', path });
      expect(head.status, path).toBe(get.status);
      expect(head.headers['content-type'], path).toBe(get.headers['content-type']);
      expect(head.headers['content-length'], path).toBe(String(Buffer.byteLength(get.text)));
      expect(head.text, path).toBe('');
    }
  });

  it('answers OPTIONS on an admin route with 204 and Allow, without a body or a length', async () => {
    const response = await send(server.port, { method: 'OPTIONS', path: '/__sandbox/sessions/ses_0001' });
    expect(response.status).toBe(204);
    expect(response.headers.allow).toBe('GET, HEAD, DELETE, OPTIONS');
    expect(response.headers['content-length']).toBeUndefined();
    expect(response.text).toBe('');
    const api = await send(server.port, { method: 'OPTIONS', path: '/api/v1/createOrder' });
    expect([api.status, api.headers.allow, api.headers['content-length']]).toEqual([204, 'POST, OPTIONS', undefined]);
  });

  it('answers a path that is not valid percent-encoding with 400 VALIDATION_ERROR, on every part', async () => {
    for (const path of ['/__sandbox/%', '/__sandbox/sessions/%zz', '/__SANDBOX/%', '/docs/%', '/api/v1/%', '/api/v1/getBalance%C3%28']) {
      const response = await send(server.port, { path, headers: { 'x-api-key': FULL_ACCESS } });
      expect(response.status, path).toBe(400);
      expect(response.json?.error?.code, path).toBe('VALIDATION_ERROR');
      expect(response.json?.error?.message, path).toContain('is not valid percent-encoding');
    }
  });
});

describe('a base URL without /api/v1', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ port: 0 });
  });
  afterAll(() => server.close());

  it('answers a call\'s name outside /api/v1 with 404 NOT_FOUND naming the path it meant', async () => {
    for (const [path, meant] of [
      ['/getBalance', 'GET /api/v1/getBalance'],
      ['/v1/getBalance', 'GET /api/v1/getBalance'],
      ['/api/getBalance', 'GET /api/v1/getBalance'],
      ['/api/createOrder', 'POST /api/v1/createOrder'],
    ]) {
      const response = await send(server.port, { path: path!, headers: { 'x-api-key': FULL_ACCESS } });
      expect(response.status, path).toBe(404);
      expect(response.json?.error?.code, path).toBe('NOT_FOUND');
      expect(response.json?.error?.message, path).toContain(`the API is under /api/v1: ${meant}. Point the client's base URL at ${server.origin}/api/v1.`);
    }
  });

  it('answers the root and the halves of the prefix with the calls under /api/v1', async () => {
    for (const path of ['/', '/api', '/v1', '/api/']) {
      const response = await send(server.port, { path });
      expect(response.status, path).toBe(404);
      expect(response.json?.error?.message, path).toContain('the API is under /api/v1: GET /api/v1/getBalance, GET /api/v1/getProducts');
    }
  });

  it('keeps listing the calls for an unknown path under /api/v1', async () => {
    const response = await send(server.port, { path: '/api/v1/getBalances', headers: { 'x-api-key': FULL_ACCESS } });
    expect(response.json?.error?.message).toBe(
      'no route GET /api/v1/getBalances; the routes are GET /getBalance, GET /getProducts, GET /getPaymentHistory, POST /createOrder, GET /getOrderStatus, GET /getOrders',
    );
  });
});
