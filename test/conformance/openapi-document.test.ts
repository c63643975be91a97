import { expect, it } from 'vitest';
import { createOpenApiDocument } from 'esim-wholesale-sandbox';
import { describeBothModes } from '../support/modes.js';
import { expectError } from '../support/expectations.js';

describeBothModes('the OpenAPI document at /openapi.json', (target) => {
  it('is served without a key, naming the base URL the request came to', async () => {
    const response = await target().call('/openapi.json', { key: null });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual(await createOpenApiDocument({ serverUrl: target().baseUrl }));
  });

  it('is not a call of the API: no journal entry, no step of the sandbox clock', async () => {
    const journal = target().sandbox.journal().length;
    const now = target().sandbox.now();
    await (await target().call('/openapi.json', { key: null })).arrayBuffer();
    expect(target().sandbox.journal()).toHaveLength(journal);
    expect(target().sandbox.now()).toBe(now);
  });

  it('answers another method with 405 METHOD_NOT_ALLOWED', async () => {
    const response = await target().call('/openapi.json', { method: 'POST', json: {} });
    expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    await expectError(response, 405, 'METHOD_NOT_ALLOWED', '/openapi.json takes GET, not POST');
  });
});
