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
});
