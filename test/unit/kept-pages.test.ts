import { describe, expect, it } from 'vitest';
import { createSandbox } from 'esim-wholesale-sandbox';

const PRODUCT = 'efd8480e-2903-458b-8ce3-156f0418df70';

const get = (path: string) => new Request(`http://sandbox.test/api/v1${path}`, { headers: { 'x-api-key': 'sk_test_full_access' } });
const order = (quantity: number) =>
  new Request('http://sandbox.test/api/v1/createOrder', {
    method: 'POST',
    headers: { 'x-api-key': 'sk_test_full_access', 'content-type': 'application/json' },
    body: JSON.stringify({ productId: PRODUCT, quantity }),
  });

/** Pages are kept whole while their items are the same texts: what changes in an item must still show. */
describe('a page asked for again', () => {
  it('answers what changed since: a new order on the page, the journal each answer as sent', async () => {
    const sandbox = createSandbox();
    const text = async (path: string) => (await sandbox.fetch(get(path))).text();
    const ordersBefore = await text('/getOrders?limit=50');
    expect(await text('/getOrders?limit=50')).toBe(ordersBefore);
    await sandbox.fetch(order(2));
    const ordersAfter = JSON.parse(await text('/getOrders?limit=50')) as { data: { status: string; items: unknown[] }[] };
    expect(ordersAfter.data.length).toBe((JSON.parse(ordersBefore) as { data: unknown[] }).data.length + 1);
    expect(ordersAfter.data[0]!.items).toHaveLength(2);

    const first = await text('/getOrders?limit=1');
    expect(await text('/getOrders?limit=1')).toBe(first);
    await sandbox.fetch(order(1));
    const next = await text('/getOrders?limit=1');
    expect(JSON.parse(next).data[0].items).toHaveLength(1);
    // The journal keeps each answer as it was sent, the page kept whole included.
    const bodies = sandbox.journal().filter((entry) => entry.url?.endsWith('/getOrders?limit=1')).map((entry) => JSON.stringify(entry.response!.body));
    expect(bodies).toEqual([first, first, next]);
  });

  it('answers the kept bytes of a page as its text, to GET and HEAD, and not after the page changed', async () => {
    const sandbox = createSandbox();
    const head = new Request(get('/getOrders?limit=50'), { method: 'HEAD' });
    const first = await sandbox.fetch(get('/getOrders?limit=50'));
    const text = await first.text();
    expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
    // The Response copies what it was given: reading and changing its bytes leaves the kept ones as they were.
    const again = new Uint8Array(await (await sandbox.fetch(get('/getOrders?limit=50'))).arrayBuffer());
    expect(new TextDecoder().decode(again)).toBe(text);
    again.fill(32);
    expect(await (await sandbox.fetch(get('/getOrders?limit=50'))).text()).toBe(text);
    expect((await sandbox.fetch(head)).headers.get('content-length')).toBe(String(new TextEncoder().encode(text).byteLength));
    await sandbox.fetch(order(1));
    const after = await (await sandbox.fetch(get('/getOrders?limit=50'))).text();
    expect(after).not.toBe(text);
    expect(JSON.parse(after).data).toHaveLength(JSON.parse(text).data.length + 1);
  });
});
