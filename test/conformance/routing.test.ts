import { expect, it } from 'vitest';
import { describeBothModes } from '../support/modes.js';
import { expectError } from '../support/expectations.js';

describeBothModes('routing', (target) => {
  it('answers an unknown route with 404 NOT_FOUND listing the routes', async () => {
    await expectError(await target().call('/getBalances'), 404, 'NOT_FOUND', /GET \/getBalance/);
  });

  it('answers a wrong method with 405 METHOD_NOT_ALLOWED and an Allow header', async () => {
    const response = await target().call('/getBalance', { method: 'POST', json: {} });
    expect(response.headers.get('allow')).toBe('GET');
    await expectError(response, 405, 'METHOD_NOT_ALLOWED', '/getBalance takes GET, not POST');
    const get = await target().call('/createOrder');
    expect(get.headers.get('allow')).toBe('POST');
    await expectError(get, 405, 'METHOD_NOT_ALLOWED');
  });

  it('refuses an unknown query parameter, naming it and the allowed ones', async () => {
    await expectError(await target().call('/getOrders?limt=5'), 400, 'VALIDATION_ERROR', 'unknown query parameter "limt" (allowed: limit, includeQrImages)');
    await expectError(await target().call('/getBalance?x=1'), 400, 'VALIDATION_ERROR', /unknown query parameter "x"/);
  });

  it('refuses a query parameter given twice', async () => {
    await expectError(await target().call('/getProducts?limit=1&limit=2'), 400, 'VALIDATION_ERROR', /more than once/);
  });
});
