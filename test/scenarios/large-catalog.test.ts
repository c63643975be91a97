import { expect, it } from 'vitest';
import { describeBothModes } from '../support/modes.js';
import { expectError, expectSuccess } from '../support/expectations.js';

describeBothModes('scenario large-catalog: more than 200 products', (target) => {
  it('large-catalog: the catalog holds more than 200 active products', () => {
    const active = target().sandbox.scenario.products.filter((product) => product.active);
    expect(active.length).toBeGreaterThan(200);
  });

  it('large-catalog: getProducts returns 50 by default and at most 200, all distinct', async () => {
    expect(await expectSuccess(await target().call('/getProducts'))).toHaveLength(50);
    const page = await expectSuccess(await target().call('/getProducts?limit=200'));
    expect(page).toHaveLength(200);
    expect(new Set(page.map((product) => product.id)).size).toBe(200);
    expect(new Set(page.map((product) => product.sku)).size).toBe(200);
    await expectError(await target().call('/getProducts?limit=201'), 400, 'VALIDATION_ERROR', /limit/);
  });

  it('large-catalog: a product of the added providers is ordered like any other', async () => {
    const page = await expectSuccess(await target().call('/getProducts?limit=200'));
    const added = page.find((product) => product.provider === 'EuroLink Data')!;
    expect(added.sku).toMatch(/^[A-Z]{2}-ELD-/);
    const order = await expectSuccess(await target().call('/createOrder', { json: { productId: added.id, quantity: 1 } }));
    expect(order.items?.[0]).toMatchObject({ provider: 'EuroLink Data', smdpAddress: 'rsp.eurolink-data.eu.example' });
    expect(order.items?.[0]?.iccid).toMatch(/^894407\d{14}$/);
  });
}, { scenario: 'large-catalog' });
