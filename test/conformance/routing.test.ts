import { expect, it } from 'vitest';
import { describeBothModes } from '../support/modes.js';
import { expectError } from '../support/expectations.js';

/** Every GET of the API, the document included, with what it needs to succeed. */
const GET_PATHS = ['/getBalance', '/getProducts?limit=2', '/getPaymentHistory', '/getOrders?limit=1', '/openapi.json'];

describeBothModes('routing', (target) => {
  it('answers an unknown route with 404 NOT_FOUND listing the routes', async () => {
    await expectError(await target().call('/getBalances'), 404, 'NOT_FOUND', /GET \/getBalance/);
  });

  it('answers a wrong method with 405 METHOD_NOT_ALLOWED and an Allow header listing HEAD and OPTIONS too', async () => {
    const response = await target().call('/getBalance', { method: 'POST', json: {} });
    expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    await expectError(response, 405, 'METHOD_NOT_ALLOWED', '/getBalance takes GET, not POST');
    const get = await target().call('/createOrder');
    expect(get.headers.get('allow')).toBe('POST, OPTIONS');
    await expectError(get, 405, 'METHOD_NOT_ALLOWED');
  });

  it('refuses an unknown query parameter, naming it and the allowed ones', async () => {
    await expectError(await target().call('/getOrders?limt=5'), 400, 'VALIDATION_ERROR', 'unknown query parameter "limt" (allowed: limit, includeQrImages)');
    await expectError(await target().call('/getBalance?x=1'), 400, 'VALIDATION_ERROR', /unknown query parameter "x"/);
  });

  it('refuses a query parameter given twice', async () => {
    await expectError(await target().call('/getProducts?limit=1&limit=2'), 400, 'VALIDATION_ERROR', /more than once/);
  });

  it('answers a path that is not valid percent-encoding with 400 VALIDATION_ERROR naming it', async () => {
    for (const path of ['/%', '/getBalance%zz', '/%C3%28']) {
      await expectError(await target().call(path), 400, 'VALIDATION_ERROR', /is not valid percent-encoding/);
    }
  });

  it('answers HEAD on every GET route with the status and headers of the GET, its length included, and no body', async () => {
    const orderId = (await (await target().call('/getOrders?limit=1')).json()).data[0].id;
    for (const path of [...GET_PATHS, `/getOrderStatus?purchaseOrderId=${orderId}`]) {
      const get = await target().call(path);
      const body = new Uint8Array(await get.arrayBuffer());
      const head = await target().call(path, { method: 'HEAD' });
      expect(head.status, path).toBe(get.status);
      expect(head.headers.get('content-type'), path).toBe(get.headers.get('content-type'));
      expect(head.headers.get('content-length'), path).toBe(String(body.byteLength));
      expect((await head.arrayBuffer()).byteLength, path).toBe(0);
    }
  });

  it('answers HEAD with the error of the GET, without its body', async () => {
    const get = await target().call('/getBalance', { key: null });
    const body = new Uint8Array(await get.arrayBuffer());
    const head = await target().call('/getBalance', { method: 'HEAD', key: null });
    expect([head.status, get.status]).toEqual([401, 401]);
    expect(head.headers.get('content-length')).toBe(String(body.byteLength));
    expect(await head.text()).toBe('');
  });

  it('takes HEAD as a call, as it does GET: one journal entry and one step of the clock', async () => {
    const { sandbox } = target();
    const journal = sandbox.journal().length;
    const before = Date.parse(sandbox.now());
    await (await target().call('/getBalance')).arrayBuffer();
    const step = Date.parse(sandbox.now()) - before;
    await target().call('/getBalance', { method: 'HEAD' });
    expect(Date.parse(sandbox.now()) - before).toBe(2 * step);
    expect(sandbox.journal().slice(journal).map(({ method, url, status }) => [method, url, status])).toEqual([
      ['GET', '/api/v1/getBalance', 200],
      ['HEAD', '/api/v1/getBalance', 200],
    ]);
  });

  it('answers OPTIONS on a route with 204 and Allow, without a key, outside the journal and the clock', async () => {
    const { sandbox } = target();
    const journal = sandbox.journal().length;
    const now = sandbox.now();
    for (const [path, allow] of [
      ['/getBalance', 'GET, HEAD, OPTIONS'],
      ['/createOrder', 'POST, OPTIONS'],
      ['/openapi.json', 'GET, HEAD, OPTIONS'],
    ]) {
      const response = await target().call(path!, { method: 'OPTIONS', key: null });
      expect(response.status, path).toBe(204);
      expect(response.headers.get('allow'), path).toBe(allow);
      expect(await response.text(), path).toBe('');
    }
    expect(sandbox.journal()).toHaveLength(journal);
    expect(sandbox.now()).toBe(now);
  });
});
