import { expect, it } from 'vitest';
import { startServer } from 'esim-wholesale-sandbox/server';
import { run } from '../../src/cli/run.js';
import { servingIo } from '../support/cli.js';
import { FULL_ACCESS } from '../support/modes.js';

const PRODUCT = 'efd8480e-2903-458b-8ce3-156f0418df70';

it('serve --chaos 1 --chaos-routes getBalance --chaos-effects error --no-hints: getBalance meets 503, other routes answer without x-sandbox-hint', async () => {
  const serving = servingIo();
  const argv = ['serve', '--port', '0', '--chaos', '1', '--chaos-routes', 'getBalance', '--chaos-effects', 'error', '--chaos-seed', '3', '--no-hints'];
  const exited = run(argv, serving.io);
  const banner = await serving.banner;
  expect(banner).toContain('  chaos      100 % of API calls meet a fault (seed 3)\n');
  const url = /API\s+(http:\/\/\S+)/.exec(banner)![1]!;
  try {
    const headers = { 'x-api-key': FULL_ACCESS };
    for (let call = 0; call < 3; call++) expect((await fetch(`${url}/getBalance`, { headers })).status).toBe(503);
    const order = await fetch(`${url}/createOrder`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': 'header-key-0001' },
      body: JSON.stringify({ productId: PRODUCT, quantity: 1 }),
    });
    expect(order.status).toBe(200);
    expect(order.headers.get('x-sandbox-hint')).toBeNull();
    const journal = (await (await fetch(`${url.replace('/api/v1', '')}/__sandbox/requests`)).json()).data;
    expect(journal.map((entry: { fault?: string }) => entry.fault ?? null)).toEqual(['error', 'error', 'error', null]);
    expect(journal[3].hints.map((hint: { code: string }) => hint.code)).toEqual(['idempotency-key-header']);
  } finally {
    serving.stop();
    expect(await exited).toBe(0);
  }
});

it.each([
  [{ clock: 'fast' }, 'clock must be "step" (a fixed step per answered request) or "wall" (real elapsed time) (got "fast")'],
  [{ chaos: { rate: 2 } }, 'chaos.rate: expected a rate from 0 to 1'],
  [{ chaos: { rate: 0.1, effects: ['boom'] } }, 'chaos.effects[0]: expected one of error, rate-limit, drop, lose-response'],
])('startServer(%j) rejects naming the allowed values, listening on nothing', async (options, message) => {
  await expect(startServer({ port: 0, ...(options as object) })).rejects.toThrow(message);
});
